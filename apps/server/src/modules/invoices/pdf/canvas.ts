/** The invoice PDF's page: the shared PDF primitives of lib/pdf-canvas.ts (the outlet register's PDF uses them too). */
export * from '../../../lib/pdf-canvas';
