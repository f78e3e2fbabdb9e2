import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAX_DATA_MESSAGES } from '@pumpkart/shared';
import { mockFetch, renderWithStore } from '../../test/render';
import { storeSettingsDto } from '../../test/store-settings';
import { AboutPage } from './about-page';
import { ContactPage } from './contact-page';
import { PolicyPage } from './policy-page';
import { TermsPage } from './terms-page';

afterEach(() => vi.restoreAllMocks());

const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');

describe('static pages', () => {
  it('Terms: 9 numbered sections with the delivery, 48-hour, returns and payment-provider rules', () => {
    renderWithStore(<TermsPage />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    const titles = sectionTitles();
    expect(titles).toHaveLength(9);
    titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
    const text = document.body.textContent ?? '';
    expect(text).toContain('Standard delivery takes 0–7 business days');
    expect(text).toContain('within 48 hours');
    expect(text).toContain('Returns are accepted only for defective or wrong items');
    expect(text).toContain('Razorpay');
  });

  it('Terms: Back to Top scrolls to the top and puts focus on the title', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderWithStore(<TermsPage />, { route: '/terms' });
    await userEvent.click(screen.getByRole('button', { name: /Back to Top/ }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    vi.unstubAllGlobals();
  });

  it('Privacy Policy: 9 numbered sections', () => {
    renderWithStore(<PolicyPage />, { route: '/policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const titles = sectionTitles();
    expect(titles).toHaveLength(9);
    titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
  });

  it('About Us: mission, vision, services and contact', () => {
    renderWithStore(<AboutPage />, { route: '/about' });
    expect(sectionTitles()).toEqual(['Our Mission', 'Our Vision', 'What We Offer', 'Contact Us']);
    expect(screen.getByRole('link', { name: 'support@pumpkart.in' })).toHaveAttribute(
      'href',
      'mailto:support@pumpkart.in',
    );
  });

  it('Contact Us: office picture, an offline map picture with a Google Maps link, address, phone, email and hours', () => {
    renderWithStore(<ContactPage />, { route: '/contact' });
    const office = screen.getByRole('img', { name: /office and showroom/ });
    expect(office).toHaveAttribute('src', '/contact/office.svg');
    expect(office).toHaveAttribute('width', '800');
    expect(office).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: /Sketch map/ })).toHaveAttribute('src', '/contact/map.svg');
    const maps = screen.getByRole('link', { name: /Open in Google Maps/ });
    expect(maps.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(maps).toHaveAttribute('target', '_blank');
    expect(maps).toHaveAttribute('rel', 'noopener noreferrer');
    for (const label of ['Address', 'Phone', 'Email', 'Hours']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText(/MIDC Industrial Area, Bhosari/)).toBeInTheDocument();
  });

  it("Contact Us: the business's name, address, phone and email and its grievance officer come from the store settings", async () => {
    mockFetch({ 'GET /api/settings/store': { body: storeSettingsDto() } });
    renderWithStore(<ContactPage />, { route: '/contact' });
    expect(await screen.findByRole('heading', { level: 2, name: 'PumpKart Equipment Private Limited' })).toBeVisible();
    expect(
      screen.getByText('Unit 402, Sterling Centre, Moledina Road, Camp, Pune, Maharashtra 411001, India'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '+91 98220 12345' })).toHaveAttribute('href', 'tel:+919822012345');
    expect(screen.getByRole('link', { name: 'care@pumpkart.in' })).toHaveAttribute('href', 'mailto:care@pumpkart.in');
    expect(screen.getByText('Grievance officer')).toBeInTheDocument();
    expect(screen.getByTestId('grievance-officer')).toHaveTextContent(
      'Meera Kulkarni, Grievance Officer and Head, Customer Care',
    );
    expect(screen.getByRole('link', { name: /Open in Google Maps/ }).getAttribute('href')).toContain(
      encodeURIComponent('Unit 402, Sterling Centre'),
    );
  });

  it('Contact Us: keeps the built-in details, without a grievance officer, when no settings were entered (404)', async () => {
    const fetchMock = mockFetch({
      'GET /api/settings/store': { status: 404, body: { message: TAX_DATA_MESSAGES.storeSettingsMissing } },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithStore(<ContactPage />, { route: '/contact' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 2, name: 'PumpKart Equipment Pvt. Ltd.' })).toBeVisible();
    expect(screen.getByText(/MIDC Industrial Area, Bhosari/)).toBeInTheDocument();
    expect(screen.queryByText('Grievance officer')).not.toBeInTheDocument();
  });
});
