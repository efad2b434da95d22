// Unit tests render pages and the shell outside the signed-in app, which loads every translation
// namespace before its first render (only the sign-in page's are bundled): the tests load them first.
import { loadAllNamespaces } from './index.ts';

await loadAllNamespaces();
