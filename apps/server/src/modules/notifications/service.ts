import {
  NOTIFICATIONS_LIMIT,
  type NotificationsReadResponse,
  type NotificationsResponse,
} from '@omnia/contracts/notifications';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import type { NotificationsRepo } from './repo';

/** The owner's side of the notices: the list with the unread count, and marking them read. */
export function createNotificationsService(repo: NotificationsRepo) {
  const remaining = async (userId: string): Promise<NotificationsReadResponse> => ({
    unread_count: await repo.unreadCount(userId),
  });
  return {
    async list(userId: string): Promise<NotificationsResponse> {
      return {
        notifications: await repo.list(userId, NOTIFICATIONS_LIMIT),
        unread_count: await repo.unreadCount(userId),
      };
    },

    /** Marks one of the caller's notices read; not_found for a malformed id or anyone else's. */
    async read(userId: string, id: string): Promise<NotificationsReadResponse> {
      if (!isUuid(id) || !(await repo.markRead(userId, id))) throw new AppError('not_found');
      return remaining(userId);
    },

    async readAll(userId: string): Promise<NotificationsReadResponse> {
      await repo.markAllRead(userId);
      return remaining(userId);
    },

    /** Every notice of the person ('Download your data'). */
    all: (userId: string) => repo.all(userId),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
