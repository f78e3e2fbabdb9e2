/**
 * The Business page (docs/shop-rules.md#business-accounts). A person in no business sees "Create a business"; a
 * member sees the business's details, outlets and people with their roles. Its admin edits the details and approval
 * limit, manages the outlets, the people's roles and the invitations; an approver or the admin gets a link to the
 * orders waiting for approval. A buyer or viewer sees everything read-only.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice, managesBusiness, mayApprove, type BusinessDto } from '@pumpkart/shared';
import { paths } from '../../config/paths';
import { ListSkeleton, LoadFailed } from '../../ui/page-states';
import { useGetMyBusinessQuery } from '../../shop/business/business-api';
import { BusinessForm } from './business-form';
import { addressLine, OutletsSection } from './business-outlets';
import { PeopleSection } from './business-people';
import { card, secondaryButton } from './business-ui';

export function BusinessPage() {
  const { data: business, isLoading, isError, refetch } = useGetMyBusinessQuery();
  if (isLoading) return <ListSkeleton label="Loading your business" />;
  if (isError || business === undefined)
    return <LoadFailed message="Could not load your business." onRetry={() => void refetch()} />;
  if (!business)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">Create a business</h1>
        <p className="max-w-2xl text-slate-700">
          Buy for your company or outlets: invite colleagues with a role, deliver to your outlets, and have orders above
          a limit approved before they are paid. Joining a colleague&apos;s business instead? Open the link of the
          invitation they sent you.
        </p>
        <section aria-label="Business details" className={card}>
          <BusinessForm />
        </section>
      </div>
    );
  return <MemberView business={business} />;
}

function MemberView({ business }: { business: BusinessDto }) {
  const manage = managesBusiness(business.role);
  const [editing, setEditing] = useState(false);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-semibold text-slate-900">{business.legalName}</h1>
        {mayApprove(business.role) && (
          <Link to={paths.businessApprovals} className="font-medium text-brand-700 underline hover:text-brand-800">
            Orders waiting for approval
          </Link>
        )}
      </div>
      <p className="text-slate-700">
        Your role: <strong className="capitalize">{business.role}</strong>
        {business.role === 'viewer' && ' — you can see the business and its orders but not place orders.'}
      </p>

      <section aria-labelledby="business-details-title" className={card}>
        <div className="flex items-center justify-between gap-3">
          <h2 id="business-details-title" className="text-lg font-semibold text-slate-900">
            Details
          </h2>
          {manage && !editing && (
            <button type="button" className={secondaryButton} onClick={() => setEditing(true)}>
              Edit details
            </button>
          )}
        </div>
        {editing ? (
          <div className="mt-4">
            <BusinessForm business={business} onDone={() => setEditing(false)} />
          </div>
        ) : (
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
            <dt className="font-medium text-slate-600">GSTIN</dt>
            <dd className="text-slate-900">{business.gstin ?? 'None'}</dd>
            <dt className="font-medium text-slate-600">Billing address</dt>
            <dd className="break-words text-slate-900">{addressLine(business.billingAddress)}</dd>
            <dt className="font-medium text-slate-600">Approval limit</dt>
            <dd className="text-slate-900">
              {business.approvalLimit === null
                ? 'None: no order waits for approval'
                : `Buyers' orders above ${formatPrice(business.approvalLimit)} wait for approval`}
            </dd>
          </dl>
        )}
      </section>

      <section aria-labelledby="business-outlets-title" className={card}>
        <h2 id="business-outlets-title" className="mb-3 text-lg font-semibold text-slate-900">
          Outlets
        </h2>
        <OutletsSection outlets={business.outlets} manage={manage} />
      </section>

      <section aria-labelledby="business-people-title" className={card}>
        <h2 id="business-people-title" className="mb-3 text-lg font-semibold text-slate-900">
          People
        </h2>
        <PeopleSection business={business} manage={manage} />
      </section>
    </div>
  );
}
