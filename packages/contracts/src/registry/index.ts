export * from './messages';
export * from './wages';
export * from './rules';
export * from './movements';
export * from './cuts';
export * from './idse';
