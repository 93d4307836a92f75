import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/**
 * `GET /sys/thirdApp/getEnabledType`: which outside apps the platform synchronises users and
 * departments with (JeecgBoot's WeCom and DingTalk); its Users and Departments screens show their
 * sync buttons for each one that is true.
 */
export const thirdAppEnabledTypesSchema = z.object({
  /** WeCom (WeChat Work, 企业微信). */
  wechatEnterprise: z.boolean(),
  /** DingTalk (钉钉). */
  dingtalk: z.boolean(),
});
export type ThirdAppEnabledTypes = z.infer<typeof thirdAppEnabledTypesSchema>;

/** Synchronisation with outside apps (JeecgBoot's `/sys/thirdApp`). */
export const thirdAppEndpoints = {
  /** Which outside apps' synchronisation is on: none on Cellsight, which has neither integration. */
  enabledTypes: defineEndpoint({ method: 'GET', path: '/sys/thirdApp/getEnabledType', result: thirdAppEnabledTypesSchema }),
};
