/** The postal-code lookup behind the address fields, injected into the one api of api/shop-api.ts. */
import type { PincodeResponse } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

export const pincodeApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The server answers the public service's shape from a bundled dataset, so it works offline. The first post
     * office's district and state, or null.
     */
    lookupPincode: build.query<{ city: string; state: string } | null, string>({
      query: (code) => ({ url: `/pincode/${code}`, shared: true, contract: 'pincodeResponse' }),
      transformResponse: (answer: PincodeResponse) => {
        const office = answer[0]?.PostOffice?.[0];
        return office ? { city: office.District, state: office.State } : null;
      },
    }),
  }),
});

export const { useLazyLookupPincodeQuery } = pincodeApi;
