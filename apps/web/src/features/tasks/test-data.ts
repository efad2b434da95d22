/** A task as Task/List answers it (000 §4): the machine export, running at 40 percent; `over` changes it. */
export const taskOf = (id: number, over: object = {}) => ({
  taskId: id,
  taskName: 'ExportMachines',
  status: 'update',
  displayText: 'Exporting machines',
  progress: 40,
  planName: null,
  errorMessage: null,
  keepInNotificationBar: true,
  discreet: false,
  returnObject: null,
  created: '2026-11-23T10:00:00',
  finished: null,
  ...over,
});
