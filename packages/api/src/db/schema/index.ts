// Every table of the database, for drizzle-kit and the relational query builder.

export * from './accounts';
export * from './catalog';
export * from './notifications';
export * from './orders';
export * from './staff';
