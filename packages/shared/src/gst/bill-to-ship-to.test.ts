import { describe, expect, it } from 'vitest';
import { gstinRegisteredState, gstinStateMismatch } from './bill-to-ship-to';
import { gstinCheckCharacter } from './gstin';

/** A valid GSTIN registered in the state with that code. */
const gstinOf = (code: string) => `${code}AAHCP4821K1Z${gstinCheckCharacter(`${code}AAHCP4821K1Z`)}`;

describe('gstinStateMismatch (bill to one state, ship to another)', () => {
  it("answers both states when the GSTIN's state differs from the delivery state", () => {
    const mismatch = gstinStateMismatch(gstinOf('27'), 'Karnataka');
    expect(mismatch?.gstinState).toMatchObject({ code: '27', name: 'Maharashtra' });
    expect(mismatch?.deliveryState).toMatchObject({ code: '29', name: 'Karnataka' });
  });

  it('reads the delivery state as the place of supply does (aliases, case, two-letter codes)', () => {
    expect(gstinStateMismatch(gstinOf('27'), 'maharastra')).toBeNull();
    expect(gstinStateMismatch(gstinOf('27'), 'MH')).toBeNull();
    expect(gstinStateMismatch(gstinOf('07'), 'NCT of Delhi')).toBeNull();
    expect(gstinStateMismatch(gstinOf('21'), 'Orissa')).toBeNull();
    expect(gstinStateMismatch(gstinOf('07'), 'Haryana')?.deliveryState.code).toBe('06');
  });

  it('says nothing without a GSTIN, for one that fails the check, or for a state it cannot read', () => {
    expect(gstinStateMismatch(null, 'Karnataka')).toBeNull();
    expect(gstinStateMismatch('', 'Karnataka')).toBeNull();
    expect(gstinStateMismatch('27AAHCP4821K1Z7', 'Karnataka')).toBeNull();
    expect(gstinStateMismatch(gstinOf('27'), 'Atlantis')).toBeNull();
    expect(gstinStateMismatch(gstinOf('27'), '')).toBeNull();
  });

  it("gstinRegisteredState reads the GSTIN's first two digits, lower case and spaces tolerated", () => {
    expect(gstinRegisteredState(` ${gstinOf('33').toLowerCase()} `)?.name).toBe('Tamil Nadu');
    expect(gstinRegisteredState('bad')).toBeUndefined();
  });
});
