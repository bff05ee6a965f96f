import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG } from '../common/tokens.js';
import { ADMIN_SESSION_SECONDS } from './admin-token.service.js';
import { affectedRows } from './affected-rows.js';
import { StaffSecretBox, type SealedText } from './staff-secret-box.js';

/** Last seen is written at most this often per session: a busy tab is not a write per request. */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;
/** A session nobody used for this long has expired with its token; it is no longer listed. */
const OPEN_FOR_SECONDS = ADMIN_SESSION_SECONDS + LAST_SEEN_RESOLUTION_SECONDS;
/** Ended and expired sessions are kept this long for the member to see, then deleted (personal data of staff). */
const KEPT_DAYS = 30;

export interface SessionCheck {
  username: string;
  ended: boolean;
  mustEnrolTwoFactor: boolean;
}

export interface StaffSessionView {
  sessionId: string;
  username: string;
  device: string;
  clientAddress: string;
  signedInAt: string;
  lastSeenAt: string;
}

interface SessionRow {
  session_id: string;
  username: string;
  device: SealedText;
  client_address: SealedText;
  signed_in_at: Date;
  last_seen_at: Date;
}

/**
 * Staff sessions (staff_auth.sessions, docs/adr/016): one row per sign-in, checked on every
 * guarded request by primary key, so ending one takes effect on the session's next request on
 * every API replica. Device and address are sealed (personal data of staff).
 */
@Injectable()
export class StaffSessionsRepository {
  private readonly box: StaffSecretBox;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new StaffSecretBox(config.jwtSecret);
  }

  async open(username: string, device: string, clientAddress: string, mustEnrolTwoFactor: boolean): Promise<string> {
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO staff_auth.sessions (session_id, username, device, client_address, signed_in_at, last_seen_at, must_enrol_two_factor)
       VALUES ($1, $2, $3, $4, now(), now(), $5)`,
      [id, username, this.box.seal(device, `session:${id}:device`), this.box.seal(clientAddress, `session:${id}:address`), mustEnrolTwoFactor],
    );
    // Sign-ins are rare: the moment to forget what is no longer needed.
    await this.db.query(`DELETE FROM staff_auth.sessions WHERE COALESCE(ended_at, last_seen_at) < now() - make_interval(days => $1)`, [KEPT_DAYS]);
    return id;
  }

  /**
   * The session's standing, for the guard: one primary-key read, plus a last-seen write when the
   * stored one is more than a minute old (the condition is repeated in the UPDATE, so two
   * concurrent requests write it once). Undefined for an unknown session.
   */
  async check(sessionId: string): Promise<SessionCheck | undefined> {
    const rows: { username: string; ended: boolean; must_enrol_two_factor: boolean; stale: boolean }[] = await this.db.query(
      `SELECT username, ended_at IS NOT NULL AS ended, must_enrol_two_factor,
              last_seen_at < now() - make_interval(secs => $2) AS stale
         FROM staff_auth.sessions WHERE session_id = $1`,
      [sessionId, LAST_SEEN_RESOLUTION_SECONDS],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.stale && !row.ended) {
      await this.db.query(
        `UPDATE staff_auth.sessions SET last_seen_at = now() WHERE session_id = $1 AND ended_at IS NULL AND last_seen_at < now() - make_interval(secs => $2)`,
        [sessionId, LAST_SEEN_RESOLUTION_SECONDS],
      );
    }
    return { username: row.username, ended: row.ended, mustEnrolTwoFactor: row.must_enrol_two_factor };
  }

  /** Open sessions, newest activity first: one member's, or everyone's. */
  async listOpen(username?: string): Promise<StaffSessionView[]> {
    const rows: SessionRow[] = await this.db.query(
      `SELECT session_id, username, device, client_address, signed_in_at, last_seen_at
         FROM staff_auth.sessions
        WHERE ended_at IS NULL AND last_seen_at > now() - make_interval(secs => $1) AND ($2::text IS NULL OR username = $2)
        ORDER BY last_seen_at DESC, signed_in_at DESC
        LIMIT 500`,
      [OPEN_FOR_SECONDS, username ?? null],
    );
    return rows.map((r) => ({
      sessionId: r.session_id,
      username: r.username,
      device: this.box.open(r.device, `session:${r.session_id}:device`) ?? 'Unknown device',
      clientAddress: this.box.open(r.client_address, `session:${r.session_id}:address`) ?? 'unknown',
      signedInAt: r.signed_in_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
    }));
  }

  /** Ends one session (of this member only, when given); false when there is no such open session. */
  async end(sessionId: string, by: string, ofMember?: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE staff_auth.sessions SET ended_at = now(), ended_by = $2
        WHERE session_id = $1 AND ended_at IS NULL AND ($3::text IS NULL OR username = $3) RETURNING session_id`,
      [sessionId, by, ofMember ?? null],
    );
    return affectedRows(rows) > 0;
  }

  /** Ends every open session of a member but one (the caller's own, after a password change). */
  async endAllOf(username: string, by: string, except?: string): Promise<void> {
    await this.db.query(
      `UPDATE staff_auth.sessions SET ended_at = now(), ended_by = $2
        WHERE username = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR session_id <> $3)`,
      [username, by, except ?? null],
    );
  }

  /** The member enrolled a second factor: their sessions waiting for it may go on. */
  async twoFactorEnrolled(username: string): Promise<void> {
    await this.db.query(`UPDATE staff_auth.sessions SET must_enrol_two_factor = false WHERE username = $1 AND must_enrol_two_factor`, [username]);
  }
}

