export * from './base.js';
export * from './demo.js';
