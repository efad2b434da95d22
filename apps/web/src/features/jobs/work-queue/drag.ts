import type { DragEvent } from 'react';
import { type DraggedJob, dragPayload, JOB_DRAG_TYPE, readDragPayload } from './status-tree.ts';

/** The job being dragged in this page: a drag's data cannot be read before the drop. */
let dragging: DraggedJob | null = null;
export const draggedJob = () => dragging;

/** A list item's drag: the job's id and status travel with it (a link's address is kept too). */
export function startJobDrag(e: DragEvent, job: DraggedJob): void {
  dragging = { Id: job.Id, JobStatusId: job.JobStatusId, JobSubStatusId: job.JobSubStatusId };
  e.dataTransfer.setData(JOB_DRAG_TYPE, dragPayload(job));
  e.dataTransfer.effectAllowed = 'copyMove';
}

export function endJobDrag(): void {
  dragging = null;
}

/** Whether a drag carries a job of ours. */
export const isJobDrag = (e: DragEvent) => e.dataTransfer.types.includes(JOB_DRAG_TYPE);

/** The job a drop brings, or null. */
export const droppedJob = (e: DragEvent) => readDragPayload(e.dataTransfer.getData(JOB_DRAG_TYPE));
