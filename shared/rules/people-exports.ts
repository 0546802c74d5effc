// people-and-shell §9: spreadsheet and CV exports.
export const USERS_EXPORT_FILE = 'Bistone Users Information.xlsx';
export const userExportFile = (name: string): string => `${name} information.xlsx`;
export const cvFile = (name: string): string => `${name}_CV.pdf`;
export const EXPORT_SHEETS = { main: 'Main Information', relevant: 'Relevant Information', projects: 'Projects Experience' } as const;
export const EXPORT_COLUMN_WIDTH = 20;
/** design §3: the CV is printed on A4 at scale 0.75 */
export const CV_PRINT = { pageSize: 'A4', scale: 0.75 } as const;
