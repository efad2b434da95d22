import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

const info = () => import('./pages/ArticleInfoPage.tsx');
const tabs = () => import('./pages/ArticleTabPages.tsx');

/**
 * The pages of the article catalogue (issue 14) by route name; app/route-pages.ts attaches them. The
 * machine model's common parts and the job category's page are here too: both are lists of articles.
 */
export const articlePages: RoutePages = {
  ArticleList: lazy(() => import('./pages/ArticleListPage.tsx')),
  NewArticle: lazy(() => info().then((m) => ({ default: m.NewArticlePage }))),
  ViewArticleInfo: lazy(() => info()),
  ViewArticleResources: lazy(() => tabs().then((m) => ({ default: m.ArticleResourcesPage }))),
  ViewArticleLogs: lazy(() => tabs().then((m) => ({ default: m.ArticleLogsPage }))),
  ViewArticleJobCategories: lazy(() => tabs().then((m) => ({ default: m.ArticleJobCategoriesPage }))),
  MachineModelCommonParts: lazy(() => import('./pages/CommonPartsPage.tsx')),
  JobCategoryInfo: lazy(() => import('./pages/JobCategoryInfoPage.tsx')),
};
