export { AnnouncementDetailDialog } from './announcement-detail-dialog';
export { announcementKeys, useAnnouncement, useMarkRead, useUnreadAnnouncements } from './announcement-api';
