/**
 * The technician's work kept on the device (issue 31.3 and 31.5, decision 094). The server has no
 * setting that fits (GlobalSettings are the office's company-wide values, and none is about the
 * device), so the bounds are constants here, read by the web's device store and its Today page. A
 * company setting can replace them without changing their meaning.
 */

/** How many days after today the device keeps a technician's appointments (and Today lists). */
export const DEVICE_STORE_DAYS_AHEAD = 3;

/**
 * The most the device store holds, in bytes of its records' JSON (UTF-8): 20 MB, far above a few days'
 * jobs with their checklists and a van's assortment, and well inside what a phone's browser grants a
 * site. A record that would pass it is not kept, and the store says it is full.
 */
export const DEVICE_STORE_MAX_BYTES = 20 * 1024 * 1024;
