import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAX_DATA_MESSAGES } from '@pumpkart/shared';
import { COMPANY } from '../../lib/company';
import { mockFetch, renderWithStore } from '../../test/render';
import { storeSettingsDto } from '../../test/store-settings';
import { Footer } from './footer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STORE_SETTINGS = storeSettingsDto();

describe('Footer', () => {
  it('links About, Privacy, Terms and Contact to their pages', () => {
    renderWithStore(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About', '/about'],
      ['Privacy', '/policy'],
      ['Terms', '/terms'],
      ['Contact', '/contact'],
    ]);
  });

  it("shows the company's address, email and phone, the last two as links", () => {
    renderWithStore(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(COMPANY.address);
    expect(within(footer).getByRole('link', { name: COMPANY.email })).toHaveAttribute(
      'href',
      'mailto:support@pumpkart.in',
    );
    expect(within(footer).getByRole('link', { name: COMPANY.phone })).toHaveAttribute('href', 'tel:+912045678900');
  });

  it('shows the business name, address, email, phone and GSTIN of the store settings', async () => {
    const fetchMock = mockFetch({ 'GET /api/settings/store': { body: STORE_SETTINGS } });
    renderWithStore(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByTestId('footer-gstin')).toHaveTextContent('GSTIN: 27AAHCP4821K1Z6');
    expect(footer).toHaveTextContent('PumpKart Equipment Private Limited');
    expect(footer).toHaveTextContent('Unit 402, Sterling Centre, Moledina Road, Camp, Pune, Maharashtra 411001, India');
    expect(within(footer).getByRole('link', { name: 'care@pumpkart.in' })).toHaveAttribute(
      'href',
      'mailto:care@pumpkart.in',
    );
    expect(within(footer).getByRole('link', { name: '+91 98220 12345' })).toHaveAttribute('href', 'tel:+919822012345');
    expect(footer).toHaveTextContent('PumpKart Equipment Private Limited. All rights reserved.');
    expect(footer).not.toHaveTextContent(COMPANY.address);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to the built-in details, without a GSTIN, when no settings were entered (404)', async () => {
    const fetchMock = mockFetch({
      'GET /api/settings/store': { status: 404, body: { message: TAX_DATA_MESSAGES.storeSettingsMissing } },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithStore(<Footer />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(COMPANY.address);
    expect(within(footer).getByRole('link', { name: COMPANY.phone })).toHaveAttribute('href', 'tel:+912045678900');
    expect(within(footer).queryByTestId('footer-gstin')).not.toBeInTheDocument();
  });
});
