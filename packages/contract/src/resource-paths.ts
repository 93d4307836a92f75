/**
 * Route bases of the resources whose screens a console refreshes on live events, in a module without
 * schemas: the console's query keys need only these, so its first page does not evaluate the
 * records' schemas (`logger.ts`, `battery.ts`, `user.ts`, `member.ts`, `event.ts` define the resources on them).
 */
export const resourcePaths = {
  logger: '/want/logger',
  battery: '/want/battery',
  user: '/sys/user',
  member: '/member',
  event: '/want/event',
} as const;
