import { z } from 'zod';
import { emailList } from './fields';

/** Notifications (spec 3 "Notification types"): the recipients of each type. */
export const NOTIFICATION_TYPES = ['DEFAULT', 'GPE', 'VCCF', 'PMNT'] as const;
export const NotificationSettingsSchema = z.object({ DEFAULT: emailList(1), GPE: emailList(), VCCF: emailList(), PMNT: emailList() });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const NOTIFICATION_DEFAULTS: NotificationSettings = { DEFAULT: [], GPE: [], VCCF: [], PMNT: [] };
