/**
 * The admin area is a separate, lazily loaded bundle (docs/architecture.md, web app): no storefront
 * module may import anything under src/admin, App.tsx reaches it only through a dynamic import(),
 * the charts library is used only inside src/admin, and the admin's server calls are added to the data layer
 * from its own chunk (each feature's api file beside its screens, admin/orders/orders-api.ts and its siblings), so the storefront's entry neither downloads nor builds them.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../admin/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const staticImports = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]!);

describe('admin bundle boundary', () => {
  it('finds the storefront sources', () => {
    expect(Object.keys(sources)).toContain('../App.tsx');
  });

  it('no storefront module imports src/admin statically', () => {
    const offenders = Object.entries(sources).flatMap(([file, text]) =>
      staticImports(text)
        .filter((specifier) => /(^|\/)admin(\/|$)/.test(specifier))
        .map((specifier) => `${file} -> ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('App.tsx loads the admin area with a dynamic import', () => {
    expect(sources['../App.tsx']).toMatch(/lazy\(\(\) => import\('\.\/admin\/admin-app'\)\)/);
  });

  it('recharts is imported only under src/admin', () => {
    const offenders = Object.entries(sources)
      .filter(([, text]) => staticImports(text).some((specifier) => specifier.startsWith('recharts')))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });

  it("the storefront's data layer calls none of the admin's routes (each admin feature's own api file adds them)", () => {
    expect(sources['../api/shop-api.ts']).toContain('createApi(');
    // The base api and every storefront file that injects endpoints into it (shop/*/..-api.ts, features/*/..-api.ts).
    const endpointFiles = Object.entries(sources).filter(([, text]) => /\b(?:createApi|injectEndpoints)\(/.test(text));
    expect(endpointFiles.map(([file]) => file)).toContain('../shop/cart/cart-api.ts');
    for (const [file, text] of endpointFiles) {
      // The admin's routes: /api/admin/..., /api/products/admin/..., /api/products/stats, the payments list.
      expect(text.match(/['`]\/(?:admin\/|products\/admin\/|products\/stats|payments['`])/g), file).toBeNull();
      expect(text, file).not.toMatch(/\b(?:getAdminProducts|getStats|getPayments|getStaff|getAudit)\s*:/);
    }
  });
});
