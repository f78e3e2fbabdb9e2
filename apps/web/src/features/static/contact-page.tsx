/**
 * Contact Us: the office picture, a map that works offline (a locally drawn map
 * picture, with a link to Google Maps for people online), the business's name, address, phone and email
 * and its grievance officer's name and designation, read from the store settings
 * (docs/shop-rules.md#store-settings; the built-in text of lib/company.ts, which names no grievance officer,
 * until they are read or when they are missing), and the hours.
 */
import { COMPANY } from '../../lib/company';
import { useStoreDetails } from '../../shop/layout/store-details';

const mapsUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export function ContactPage() {
  const store = useStoreDetails();
  const details = [
    { label: 'Address', value: <span>{store.address}</span> },
    {
      label: 'Phone',
      value: (
        <a className="text-brand-700 underline underline-offset-2 hover:text-brand-800" href={store.phoneHref}>
          {store.phone}
        </a>
      ),
    },
    {
      label: 'Email',
      value: (
        <a className="text-brand-700 underline underline-offset-2 hover:text-brand-800" href={`mailto:${store.email}`}>
          {store.email}
        </a>
      ),
    },
    { label: 'Hours', value: <span>{COMPANY.hours}</span> },
    ...(store.grievanceOfficer
      ? [
          {
            label: 'Grievance officer',
            value: (
              <span data-testid="grievance-officer">
                {store.grievanceOfficer.name}, {store.grievanceOfficer.designation}
                <span className="mt-0.5 block text-sm text-slate-600">
                  For a complaint about an order or this website; reach them at the email and phone above.
                </span>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Contact Us</h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Questions about a product, a bulk order for several outlets, or an order already on its way? Call, write or
          visit our office and showroom in the MIDC Bhosari industrial area of Pune.
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="contact-details"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="contact-details" className="text-xl font-semibold text-slate-900">
            {store.name}
          </h2>
          <dl className="mt-4 space-y-3">
            {details.map(({ label, value }) => (
              <div key={label} className="grid gap-1 sm:grid-cols-[8rem_1fr]">
                <dt className="text-sm font-medium text-slate-500">{label}</dt>
                <dd className="break-words text-slate-800">{value}</dd>
              </div>
            ))}
          </dl>
          <img
            src="/contact/office.svg"
            alt="The PumpKart office and showroom in MIDC Bhosari, Pune"
            width={800}
            height={500}
            loading="lazy"
            decoding="async"
            className="mt-6 aspect-[8/5] h-auto w-full rounded-xl bg-slate-100 object-cover"
          />
        </section>

        <section
          aria-labelledby="contact-map"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="contact-map" className="text-xl font-semibold text-slate-900">
            Find us
          </h2>
          <figure className="mt-4">
            <img
              src="/contact/map.svg"
              alt="Sketch map: PumpKart is at Plot 21 in MIDC Bhosari, south of the Pune–Nashik Highway and west of Telco Road"
              width={800}
              height={500}
              loading="lazy"
              decoding="async"
              className="aspect-[8/5] h-auto w-full rounded-xl bg-slate-100 object-cover ring-1 ring-slate-200"
            />
            <figcaption className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
              <span>Sketch map, not to scale. From Pune station, about 40 minutes by road.</span>
              <a
                href={mapsUrl(store.address)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-brand-700 hover:bg-slate-50"
              >
                Open in Google Maps<span className="sr-only"> (opens in a new tab)</span>
                <span aria-hidden="true">↗</span>
              </a>
            </figcaption>
          </figure>
        </section>
      </div>
    </div>
  );
}
