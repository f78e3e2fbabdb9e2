/** Contract of GET /api/products/stats, the admin dashboard's figures (revenue: docs/shop-rules.md#money). */
import { z } from 'zod';

export const statsResponseSchema = z.object({
  /** Sum of successful payments, in rupees. */
  revenue: z.number(),
  orders: z.number().int(),
  products: z.number().int(),
  /** The last 6 months, oldest first, including months with nothing; month as 'YYYY-MM'. */
  monthlyRevenue: z.array(z.object({ month: z.string(), revenue: z.number(), orders: z.number().int() })),
  ordersStatus: z.record(z.string(), z.number().int()),
  /** Top 5 by units sold in orders that are not cancelled. */
  topProducts: z.array(z.object({ title: z.string(), totalSold: z.number().int() })),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;
