/**
 * The stored shipment of an order in the admin's order detail (docs/shop-rules.md#order-status): courier,
 * tracking number, tracking URL (a link opening in a new tab), when it was shipped, the e-way bill with the vehicle or
 * transporter when given, and when it was delivered.
 */
import type { OrderDto } from '@pumpkart/shared';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format';
import { DetailList } from '../ui/detail-list';

export function ShipmentDetails({ order }: { order: Pick<OrderDto, 'shipment' | 'deliveredAt'> }) {
  const { shipment, deliveredAt } = order;
  const items: [string, ReactNode][] = [];
  if (shipment) {
    items.push(
      ['Courier', shipment.courier],
      ['Tracking number', shipment.trackingNumber],
      [
        'Tracking URL',
        shipment.trackingUrl ? (
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-blue-700 underline"
          >
            {shipment.trackingUrl}
          </a>
        ) : (
          '—'
        ),
      ],
      ['Shipped', formatDateTime(shipment.shippedAt)],
    );
    // The e-way bill recorded with the shipment (docs/shop-rules.md#e-way-bills).
    if (shipment.ewayBillNumber) items.push(['E-way bill', shipment.ewayBillNumber]);
    if (shipment.vehicleNumber) items.push(['Vehicle', shipment.vehicleNumber]);
    if (shipment.transporterId) items.push(['Transporter ID', shipment.transporterId]);
  }
  if (deliveredAt) items.push(['Delivered', formatDateTime(deliveredAt)]);
  return <DetailList items={items} />;
}
