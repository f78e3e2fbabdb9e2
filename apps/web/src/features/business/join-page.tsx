/**
 * An invitation's page, /business/join#token=… (docs/shop-rules.md#business-accounts). The token rides in the hash,
 * so it never reaches a server log. A visitor not logged in is asked to log in (or sign up) with the invited e-mail
 * and comes back here; a logged-in person accepts, then sees the business they joined.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';
import { useAcceptInvitationMutation } from '../../shop/business/business-api';
import { card } from './business-ui';

/** The token of `#token=…`, or ''. */
export const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

type Outcome = { ok: true; message: string; name: string } | { ok: false; message: string };

export function JoinBusinessPage() {
  const location = useLocation();
  const token = tokenOf(location.hash);
  const loggedIn = Boolean(useAppSelector((state) => state.session.token));
  const [accept] = useAcceptInvitationMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    // Once per page: StrictMode runs effects twice and the token works only once.
    if (!loggedIn || !token || asked.current) return;
    asked.current = true;
    accept(token)
      .unwrap()
      .then((answer) => setOutcome({ ok: true, message: answer.message, name: answer.business.legalName }))
      .catch((error: unknown) =>
        setOutcome({ ok: false, message: errorMessage(error, 'Could not accept the invitation.') }),
      );
  }, [accept, loggedIn, token]);

  const here = `${paths.businessJoin}${location.hash}`;
  let body;
  if (!token) body = <p role="alert">This invitation link is incomplete. Open the link of the e-mail again.</p>;
  else if (!loggedIn)
    body = (
      <>
        <p>You were invited to join a business on PumpKart. Log in with the e-mail the invitation was sent to.</p>
        <div className="flex flex-wrap gap-3">
          <Link
            to={paths.login}
            state={{ from: here }}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Log in to accept
          </Link>
          <Link
            to={paths.signup}
            state={{ from: here }}
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            Create an account
          </Link>
        </div>
      </>
    );
  else if (!outcome) body = <p role="status">Accepting the invitation…</p>;
  else if (outcome.ok)
    body = (
      <>
        <p role="status" className="font-medium text-green-700">
          {outcome.message}
        </p>
        <Link to={paths.business} className="font-medium text-brand-700 underline hover:text-brand-800">
          Open {outcome.name}
        </Link>
      </>
    );
  else
    body = (
      <p role="alert" className="text-red-700">
        {outcome.message}
      </p>
    );

  return (
    <section aria-labelledby="join-title" className={`${card} mx-auto max-w-xl space-y-4 text-slate-800`}>
      <h1 id="join-title" className="text-2xl font-semibold text-slate-900">
        Join a business
      </h1>
      {body}
    </section>
  );
}
