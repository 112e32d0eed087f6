export * from './access';
export * from './audit';
export * from './companies';
export * from './business-lines';
export * from './materials';
export * from './workforce';
export * from './statuses';
export * from './records';
