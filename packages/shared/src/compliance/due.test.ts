import { describe, expect, it } from 'vitest';
import { dueState, nextDueDate, remindersOn } from './due';
import { DEFAULT_COMPLIANCE_TASKS, type ComplianceTask } from './tasks';

const task = (key: string): ComplianceTask => {
  const found = DEFAULT_COMPLIANCE_TASKS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no default task ${key}`);
  return found;
};
const inspection = task('extinguisher-inspection');
const dispenser = task('dispenser-reverification');
const refillDryPowder = task('extinguisher-refill-dry-powder');
const endOfLife = task('extinguisher-end-of-life');
const endOfLifeCo2 = task('extinguisher-end-of-life-co2');
const everyFortnight: ComplianceTask = {
  key: 'test-fortnightly',
  title: 'A task counted in days',
  categoryKey: 'air-gauge',
  intervalDays: 14,
  basis: { source: 'test', clause: 'test', kind: 'practice', checked: 'unverified' },
};

describe('nextDueDate', () => {
  it('counts from installation when the task was never done', () => {
    expect(nextDueDate({ task: dispenser, installedOn: '2026-04-10' })).toBe('2027-04-10');
    expect(nextDueDate({ task: dispenser, installedOn: '2026-04-10', lastDoneOn: null })).toBe('2027-04-10');
  });

  it('clamps month ends: installed 31 January, inspected monthly', () => {
    expect(nextDueDate({ task: inspection, installedOn: '2027-01-31' })).toBe('2027-02-28');
    expect(nextDueDate({ task: inspection, installedOn: '2028-01-31' })).toBe('2028-02-29');
    expect(nextDueDate({ task: inspection, installedOn: '2026-08-31' })).toBe('2026-09-30');
    expect(nextDueDate({ task: inspection, installedOn: '2026-12-31' })).toBe('2027-01-31');
  });

  it('keeps a leap day inside leap years only', () => {
    expect(nextDueDate({ task: dispenser, installedOn: '2028-02-29' })).toBe('2029-02-28');
    expect(nextDueDate({ task: refillDryPowder, installedOn: '2028-02-29' })).toBe('2031-02-28');
    expect(nextDueDate({ task: task('peso-licence-renewal'), installedOn: '2028-02-29' })).toBe('2038-02-28');
    expect(
      nextDueDate({ task: task('measure-reverification'), installedOn: '2026-02-28', lastDoneOn: '2028-02-29' }),
    ).toBe('2030-02-28');
  });

  it('restarts from the day a task was done early', () => {
    // Due 2027-04-10; re-verified two months early: the next one is a year after that visit, not after the due day.
    expect(nextDueDate({ task: dispenser, installedOn: '2026-04-10', lastDoneOn: '2027-02-10' })).toBe('2028-02-10');
  });

  it('restarts from the day a task was done late', () => {
    expect(nextDueDate({ task: dispenser, installedOn: '2026-04-10', lastDoneOn: '2027-06-30' })).toBe('2028-06-30');
    expect(nextDueDate({ task: inspection, installedOn: '2026-01-15', lastDoneOn: '2026-03-31' })).toBe('2026-04-30');
  });

  it('counts end of life once, from manufacture, whatever was done since', () => {
    expect(nextDueDate({ task: endOfLife, installedOn: '2026-06-01', manufacturedOn: '2026-01-20' })).toBe(
      '2036-01-20',
    );
    expect(
      nextDueDate({
        task: endOfLife,
        installedOn: '2026-06-01',
        manufacturedOn: '2026-01-20',
        lastDoneOn: '2030-01-01',
      }),
    ).toBe('2036-01-20');
    expect(nextDueDate({ task: endOfLife, installedOn: '2026-06-01' })).toBe('2036-06-01');
    expect(nextDueDate({ task: endOfLifeCo2, installedOn: '2028-03-01', manufacturedOn: '2028-02-29' })).toBe(
      '2043-02-28',
    );
  });

  it('adds days for a task counted in days', () => {
    expect(nextDueDate({ task: everyFortnight, installedOn: '2028-02-20' })).toBe('2028-03-05');
    expect(nextDueDate({ task: everyFortnight, installedOn: '2026-01-01', lastDoneOn: '2026-12-25' })).toBe(
      '2027-01-08',
    );
  });

  it('refuses a day the calendar lacks', () => {
    expect(() => nextDueDate({ task: dispenser, installedOn: '2027-02-29' })).toThrow(/calendar day/);
  });
});

describe('dueState', () => {
  it('is overdue only after the due day', () => {
    expect(dueState('2026-11-27', '2026-11-28')).toBe('overdue');
    expect(dueState('2025-12-31', '2026-01-01')).toBe('overdue');
    expect(dueState('2026-11-28', '2026-11-28')).toBe('due-this-month');
  });

  it('follows calendar months, across a year end', () => {
    expect(dueState('2026-11-30', '2026-11-01')).toBe('due-this-month');
    expect(dueState('2026-12-01', '2026-11-30')).toBe('due-next-month');
    expect(dueState('2026-12-31', '2026-11-01')).toBe('due-next-month');
    expect(dueState('2027-01-01', '2026-11-30')).toBe('later');
    expect(dueState('2027-01-15', '2026-12-20')).toBe('due-next-month');
    expect(dueState('2026-12-31', '2026-12-31')).toBe('due-this-month');
    expect(dueState('2027-11-28', '2026-11-28')).toBe('later'); // same month, a year on
  });

  it('knows leap February', () => {
    expect(dueState('2028-02-29', '2028-02-01')).toBe('due-this-month');
    expect(dueState('2028-02-29', '2028-01-31')).toBe('due-next-month');
    expect(dueState('2028-02-29', '2028-03-01')).toBe('overdue');
  });
});

describe('remindersOn', () => {
  it('gives 30 days before, 7 days before and the due day', () => {
    expect(remindersOn('2026-12-15')).toEqual(['2026-11-15', '2026-12-08', '2026-12-15']);
  });

  it('crosses month and year ends', () => {
    expect(remindersOn('2027-01-05')).toEqual(['2026-12-06', '2026-12-29', '2027-01-05']);
    expect(remindersOn('2026-03-01')).toEqual(['2026-01-30', '2026-02-22', '2026-03-01']);
    expect(remindersOn('2028-03-01')).toEqual(['2028-01-31', '2028-02-23', '2028-03-01']);
    expect(remindersOn('2028-03-07')).toEqual(['2028-02-06', '2028-02-29', '2028-03-07']);
  });
});
