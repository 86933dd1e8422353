import { FILES_PAGE_SIZE } from "../../domain/files";

/** The file list's first page (spec §9 'files … 100'); the route starts it, the panel reloads it. */
export const filesVariables = { count: FILES_PAGE_SIZE };
