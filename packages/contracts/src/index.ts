export * from './modules';
export * from './permissions';
export * from './auth';
export * from './errors';
export * from './routes';
export * from './menu';
export * from './validators/mexican-ids';
export * from './list-query';
