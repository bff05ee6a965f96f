import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import QRCode from 'qrcode';
import { DataSource } from 'typeorm';
import { adminUserDecider } from '#domain/admin/admin-user.decider.js';
import type { StaffRole } from '#domain/admin/staff-permissions.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { adminStream } from '#domain/streams.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { APP_CONFIG } from '../common/tokens.js';
import { affectedRows } from './affected-rows.js';
import { StaffSecretBox, type SealedText } from './staff-secret-box.js';
import { StaffSessionsRepository } from './staff-sessions.repository.js';
import { base32Decode, base32Encode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp.js';

export const TOTP_ISSUER = 'Poster Shop';

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

export interface SecondFactorAnswer {
  code?: string;
  recoveryCode?: string;
}

interface FactorRow {
  secret: SealedText;
  confirmed_at: Date | null;
}

/**
 * TOTP second factors (RFC 6238) of staff, outside the log (docs/adr/016): the secret sealed in
 * staff_auth.second_factors, ten recovery codes as argon2id hashes. A code is accepted one time
 * step either side of now, and only for a step newer than the last one accepted, so a code seen
 * over a shoulder cannot be used again. The log records only that a member enrolled, or that an
 * owner reset their factor.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: StaffSecretBox;
  private readonly requiredRoles: ReadonlySet<StaffRole>;

  constructor(
    private readonly db: DataSource,
    private readonly executor: DeciderExecutor,
    private readonly sessions: StaffSessionsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new StaffSecretBox(config.jwtSecret);
    this.requiredRoles = new Set(config.staffTwoFactorRoles);
  }

  requiredFor(role: StaffRole): boolean {
    return this.requiredRoles.has(role);
  }

  async isEnrolled(username: string): Promise<boolean> {
    return (await this.factor(username))?.confirmed_at != null;
  }

  async recoveryCodesLeft(username: string): Promise<number> {
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n FROM staff_auth.recovery_codes WHERE username = $1 AND used_at IS NULL`, [username]);
    return n;
  }

  /** A new secret waiting for its first code; starting again replaces it. Refused once a factor is confirmed. */
  async begin(username: string): Promise<Enrolment> {
    const secret = newTotpSecret();
    const rows: unknown[] = await this.db.query(
      `INSERT INTO staff_auth.second_factors (username, secret, created_at) VALUES ($1, $2, now())
       ON CONFLICT (username) DO UPDATE SET secret = excluded.secret, created_at = now()
        WHERE staff_auth.second_factors.confirmed_at IS NULL
       RETURNING username`,
      [username, this.box.seal(base32Encode(secret), secretContext(username))],
    );
    if (rows.length === 0) throw DomainError.conflict('TWO_FACTOR_ENROLLED', 'Two-factor sign-in is already set up; an owner can reset it');
    const uri = otpauthUri(TOTP_ISSUER, username, secret);
    return { secret: base32Encode(secret), otpauthUri: uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
  }

  /**
   * Confirms enrolment with a code from the app: then, and only then, the factor counts and the
   * ten recovery codes are made. They are answered this once; only their hashes are kept.
   * Undefined for a wrong code.
   */
  async confirm(username: string, code: string): Promise<string[] | undefined> {
    const row = await this.factor(username);
    if (!row) throw DomainError.conflict('TWO_FACTOR_NOT_STARTED', 'Start two-factor set-up first');
    if (row.confirmed_at) throw DomainError.conflict('TWO_FACTOR_ENROLLED', 'Two-factor sign-in is already set up');
    const step = this.stepOf(row, username, code);
    if (step === undefined) return undefined;
    const codes = newRecoveryCodes(10);
    const hashes = await Promise.all(codes.map((c) => argon2.hash(c, RECOVERY_CODE_HASHING)));
    const confirmed = await this.db.transaction(async (tx) => {
      const updated: unknown[] = await tx.query(
        `UPDATE staff_auth.second_factors SET confirmed_at = now(), last_used_step = $2 WHERE username = $1 AND confirmed_at IS NULL RETURNING username`,
        [username, step],
      );
      if (affectedRows(updated) === 0) return false;
      await tx.query(`DELETE FROM staff_auth.recovery_codes WHERE username = $1`, [username]);
      await tx.query(`INSERT INTO staff_auth.recovery_codes (username, code_hash) SELECT $1, unnest($2::text[])`, [username, hashes]);
      return true;
    });
    if (!confirmed) throw DomainError.conflict('TWO_FACTOR_ENROLLED', 'Two-factor sign-in is already set up');
    await this.executor.execute({ stream: adminStream(username), decider: adminUserDecider, command: { type: 'RecordStaffTwoFactorEnabled', data: { username } } });
    await this.sessions.twoFactorEnrolled(username);
    return codes;
  }

  /** True when the code (unused, within a step of now) or an unused recovery code (now used) is the member's. */
  async verify(username: string, answer: SecondFactorAnswer): Promise<boolean> {
    const row = await this.factor(username);
    if (!row?.confirmed_at) return false;
    if (answer.code !== undefined) {
      const step = this.stepOf(row, username, answer.code);
      if (step === undefined) return false;
      const used: unknown[] = await this.db.query(
        `UPDATE staff_auth.second_factors SET last_used_step = $2
          WHERE username = $1 AND confirmed_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2) RETURNING username`,
        [username, step],
      );
      return affectedRows(used) === 1;
    }
    if (answer.recoveryCode !== undefined) return this.useRecoveryCode(username, answer.recoveryCode);
    return false;
  }

  /** An owner removes a member's factor (an event naming the owner; the member's sessions end with it). */
  async reset(username: string, by: string): Promise<void> {
    const { state } = await this.executor.load(adminStream(username), adminUserDecider);
    if (!state.exists) throw DomainError.notFound('ADMIN_NOT_FOUND', 'Staff member not found');
    if (!(await this.factor(username))) throw DomainError.conflict('TWO_FACTOR_NOT_SET', `${username} has no second factor to reset`);
    await this.executor.execute({ stream: adminStream(username), decider: adminUserDecider, command: { type: 'ResetStaffTwoFactor', data: { username, by } } });
    await this.db.query(`DELETE FROM staff_auth.second_factors WHERE username = $1`, [username]);
    await this.sessions.endAllOf(username, by);
  }

  private async factor(username: string): Promise<FactorRow | undefined> {
    const rows: FactorRow[] = await this.db.query(`SELECT secret, confirmed_at FROM staff_auth.second_factors WHERE username = $1`, [username]);
    return rows[0];
  }

  private stepOf(row: FactorRow, username: string, code: string): number | undefined {
    const text = this.box.open(row.secret, secretContext(username));
    const secret = text === undefined ? undefined : base32Decode(text);
    // A secret that no longer opens (JWT_SECRET rotated) matches no code: recovery codes still work.
    return secret ? matchingStep(secret, code, Date.now()) : undefined;
  }

  private async useRecoveryCode(username: string, given: string): Promise<boolean> {
    const code = normaliseRecoveryCode(given);
    if (!code) return false;
    const rows: { code_hash: string }[] = await this.db.query(`SELECT code_hash FROM staff_auth.recovery_codes WHERE username = $1 AND used_at IS NULL`, [username]);
    const matches = await Promise.all(rows.map(({ code_hash }) => argon2.verify(code_hash, code).catch(() => false)));
    const hash = rows[matches.indexOf(true)]?.code_hash;
    if (hash) {
      const used: unknown[] = await this.db.query(
        `UPDATE staff_auth.recovery_codes SET used_at = now() WHERE username = $1 AND code_hash = $2 AND used_at IS NULL RETURNING username`,
        [username, hash],
      );
      return affectedRows(used) === 1;
    }
    return false;
  }
}

/**
 * A recovery code is ~50 random bits, not a chosen password: argon2id at OWASP's smallest
 * setting (19 MiB, 2 passes) is plenty, and ten of them hash in a fraction of the default's time.
 */
const RECOVERY_CODE_HASHING = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

function secretContext(username: string): string {
  return `second-factor:${username}`;
}

/** As the code was shown (xxxxx-xxxxx), forgiving case, spaces and a missing hyphen; undefined when it cannot be one. */
export function normaliseRecoveryCode(text: string): string | undefined {
  const clean = text.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{10}$/.test(clean) ? `${clean.slice(0, 5)}-${clean.slice(5)}` : undefined;
}

