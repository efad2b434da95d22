import { z } from 'zod';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { DropdownQuery, RecordIdParams } from '../schemas/fields.ts';
import { FeatureState } from '../schemas/machines.ts';
import { Project, ProjectChangeInput, ProjectInput } from '../schemas/projects.ts';

/**
 * Projects (002 §7.18: toggle feature, list, Filtered, {id}, PUT, PATCH, DELETE; paths mirror the
 * partner companies'). Staff read them while the ProjectsEnabled feature is on (the job's order
 * options offer them); the Admin writes them and switches the feature.
 */
const readers = users([1, 2, 3], { feature: 'ProjectsEnabled' });
const writers = users([1], { permission: 'Module.Admin', feature: 'ProjectsEnabled' });

export const projectRoutes = {
  projectToggleFeature: defineRoute({
    method: 'POST',
    path: sp('Project/ToggleFeature'),
    summary: 'Switch the projects feature (ProjectsEnabled) on or off.',
    access: users([1], { permission: 'Module.Admin' }),
    response: json(FeatureState),
  }),
  projectList: defineRoute({
    method: 'GET',
    path: sp('Project/list'),
    summary: 'Every project, by name.',
    access: readers,
    response: json(z.array(Project)),
  }),
  projectFiltered: defineRoute({
    method: 'GET',
    path: sp('Project/Filtered'),
    summary: 'A page of projects (dropdown paging, selected ids prepended).',
    access: readers,
    query: DropdownQuery,
    response: json(listOf(Project)),
  }),
  projectGet: defineRoute({
    method: 'GET',
    path: sp('Project/:id'),
    summary: 'One project.',
    access: readers,
    params: RecordIdParams,
    response: json(Project),
  }),
  projectCreate: defineRoute({
    method: 'PUT',
    path: sp('Project/'),
    summary: 'Create a project (names unique).',
    access: writers,
    body: ProjectInput,
    response: json(Project),
  }),
  projectChange: defineRoute({
    method: 'PATCH',
    path: sp('Project/'),
    summary: 'Change a project (by Id).',
    access: writers,
    body: ProjectChangeInput,
    response: json(Project),
  }),
  projectDelete: defineRoute({
    method: 'DELETE',
    path: sp('Project/:id'),
    summary: 'Delete a project no job belongs to.',
    access: writers,
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
} as const;
