import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMPANY } from '../lib/company';
import { renderWithStore } from '../test/render';
import { Footer } from './footer';

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
});
