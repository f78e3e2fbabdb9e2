/**
 * The order of the address's `?order=<id>` (docs/shop-rules.md#admin-lists): from the pages on screen, else read
 * from the server (a reload or a shared link of an order on another page); a failed read says why and closes it.
 */
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { useEffect } from 'react';
import { errorMessage } from '../../api/http';
import { ordersApi } from '../../shop/orders/orders-api';

export function useOpenedOrder(id: string, onScreen: OrderDto[], onMissing: (message: string) => void) {
  const listed = id ? onScreen.find((order) => order._id === id) : undefined;
  const read = ordersApi.endpoints.getOrder.useQuery(id, { skip: !id || Boolean(listed) });
  const failed = read.isError;
  useEffect(() => {
    if (failed) onMissing(errorMessage(read.error, MESSAGES.orderNotFound));
  }, [failed, read.error, onMissing]);
  return listed ?? (id && read.currentData?._id === id ? read.currentData : undefined);
}
