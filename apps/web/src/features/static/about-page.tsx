/** About Us: mission, vision, services and contact. */
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { COMPANY } from '../../lib/company';
import { PageSection, StaticPage } from './static-page';

const SERVICES = [
  'Fuel dispensers, nozzles, hoses, breakaway couplings and flow meters from established makers',
  'Safety gear and uniforms for forecourt staff: reflective jackets, gloves, helmets and safety shoes',
  'Air machines, nitrogen inflators and tyre-pressure gauges for the service bay',
  'Water coolers and drinking-water dispensers for customers and staff',
  'Fire safety and testing gear: extinguishers, sand buckets, density kits and calibration measures',
  'Pet supplies for families who stop by the pump with their companions',
  'Delivery across India, GST invoices for every order and after-sales help on the phone',
];

export function AboutPage() {
  return (
    <StaticPage
      title="About Us"
      intro={
        <p>
          {COMPANY.name} is a Pune-based supplier to petrol pump dealers across India. Since our first order we have
          helped dealers, oil-company retail outlets and fleet depots find genuine equipment at fair prices, with the
          paperwork and support that a busy forecourt needs.
        </p>
      }
    >
      <PageSection title="Our Mission">
        <p>
          To be the one stop solution for every petrol pump: a single, trustworthy place to buy dispensers, safety gear,
          air machines and daily consumables, with clear prices in rupees, honest delivery dates and people who answer
          the phone.
        </p>
      </PageSection>
      <PageSection title="Our Vision">
        <p>
          A forecourt in every district of India that runs safely and without downtime, because the right spare part,
          the right fire extinguisher or the right uniform is only a few clicks and a few days away.
        </p>
      </PageSection>
      <PageSection title="What We Offer">
        <ul className="list-disc space-y-1 pl-5">
          {SERVICES.map((service) => (
            <li key={service}>{service}</li>
          ))}
        </ul>
      </PageSection>
      <PageSection title="Contact Us">
        <address className="not-italic">
          <p>{COMPANY.address}</p>
          <p>
            Phone:{' '}
            <a
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
              href={`tel:${COMPANY.phone.replace(/\s/g, '')}`}
            >
              {COMPANY.phone}
            </a>
          </p>
          <p>
            Email:{' '}
            <a
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
              href={`mailto:${COMPANY.email}`}
            >
              {COMPANY.email}
            </a>
          </p>
          <p>Hours: {COMPANY.hours}</p>
        </address>
        <p>
          Directions and a map are on our{' '}
          <Link to={paths.contact} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Contact page
          </Link>
          .
        </p>
      </PageSection>
    </StaticPage>
  );
}
