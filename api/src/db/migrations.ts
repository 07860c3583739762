import type { Database } from "./database.js";

/** Ordered, append-only. Each runs once, in its own transaction, on both backends. */
const MIGRATIONS: readonly { id: string; sql: string }[] = [
  {
    id: "001_inventory",
    sql: `
      create table vehicles (
        stock_number text primary key,
        vin text not null,
        year integer not null,
        make text not null,
        model text not null,
        trim text not null default '',
        condition text not null check (condition in ('new', 'used')),
        status text not null default 'available' check (status in ('available', 'sold')),
        body_style text not null default '',
        engine text not null default '',
        transmission text not null default '',
        exterior text not null default '',
        interior text not null default '',
        odometer integer not null default 0,
        fuel_type text not null default '',
        drive_train text not null default '',
        fuel_efficiency_city real not null default 0,
        fuel_efficiency_highway real not null default 0,
        full_price integer not null default 0,
        low_price integer not null default 0,
        discount integer not null default 0,
        primary_image text not null default '',
        images jsonb not null default '[]',
        options jsonb not null default '[]',
        comments text not null default '',
        dealership text not null default 'shfl',
        inventory_type text not null default '',
        listed_at text not null,
        -- derived at write time so every query reads them without recomputing
        effective_price integer generated always as (
          case when low_price > 0 then low_price when full_price > 0 then full_price else 0 end
        ) stored,
        search_text text not null default ''
      );
      create index vehicles_make_model on vehicles (make, model);
      create index vehicles_listed_at on vehicles (listed_at);
      create index vehicles_effective_price on vehicles (effective_price);
    `,
  },
  {
    id: "002_promotions",
    sql: `
      create table promotions (
        id text primary key,
        branch text not null,
        department text not null check (department in ('sales', 'service', 'parts')),
        rank integer not null,
        html text not null default '',
        image text not null default '',
        url text not null default ''
      );
      create index promotions_branch on promotions (branch);
    `,
  },
  {
    id: "003_leads",
    sql: `
      create table leads (
        id text primary key,
        destination text not null,
        fields jsonb not null,
        idempotency_key text unique,
        received_at timestamptz not null default now()
      );
      create index leads_received_at on leads (received_at);
    `,
  },
  {
    id: "004_lead_forms_consent_quarantine",
    sql: `
      alter table leads add column form text not null default '';
      alter table leads add column marketing_opt_in boolean not null default false;
      alter table leads add column consent_text text not null default '';
      create table quarantined_leads (
        id text primary key,
        reason text not null,
        destination text not null,
        fields jsonb not null,
        received_at timestamptz not null default now()
      );
    `,
  },
  {
    // every change to vehicles bumps one number, so the API's in-memory inventory index knows when to rebuild
    id: "005_inventory_revision",
    sql: `
      create table inventory_revision (id integer primary key, revision bigint not null);
      insert into inventory_revision (id, revision) values (1, 0);
      create function bump_inventory_revision() returns trigger language plpgsql as $$ begin update inventory_revision set revision = revision + 1 where id = 1; return null; end $$;
      create trigger vehicles_revision after insert or update or delete or truncate on vehicles for each statement execute function bump_inventory_revision();
    `,
  },
  {
    // when each unit last changed: the sitemap's lastmod for its page
    id: "006_vehicle_updated_at",
    sql: `
      alter table vehicles add column updated_at timestamptz not null default now();
      create function touch_vehicle_updated_at() returns trigger language plpgsql as $$ begin new.updated_at = now(); return new; end $$;
      create trigger vehicles_updated_at before update on vehicles for each row execute function touch_vehicle_updated_at();
    `,
  },
  {
    // an Idempotency-Key answers only the client and the request it was first used for, and only for a day
    id: "007_idempotency_keys",
    sql: `
      create table idempotency_keys (
        key text primary key,
        client_hash text not null,
        request_hash text not null,
        response jsonb not null,
        created_at timestamptz not null default now()
      );
      create index idempotency_keys_created_at on idempotency_keys (created_at);
      create index quarantined_leads_received_at on quarantined_leads (received_at);
    `,
  },
  {
    // secrets the API signs with (a form's start time), shared by every instance and kept across restarts
    id: "008_app_secrets",
    sql: `
      create table app_secrets (name text primary key, value text not null, created_at timestamptz not null default now());
    `,
  },
  {
    // CASL: the wording version a visitor agreed to, and every withdrawal of consent (kept, so it is honoured)
    id: "009_consent_records",
    sql: `
      alter table leads add column consent_version text not null default '';
      create table consent_withdrawals (
        id text primary key,
        email text not null,
        withdrawn_at timestamptz not null default now(),
        source text not null
      );
      create index consent_withdrawals_email on consent_withdrawals (lower(email));
    `,
  },
  {
    // the dealership's phones, hours and address: the site's one source, changed without a rebuild
    id: "010_business_details",
    sql: `
      create table business_details (
        id integer primary key check (id = 1),
        details jsonb not null,
        updated_at timestamptz not null default now()
      );
    `,
  },
  {
    // the outbox: each stored lead's deliveries (CRM, the department's inbox, a webhook), written in the lead's
    // own transaction, so no lead is stored without them; one per lead and channel, so none is sent twice
    id: "011_lead_deliveries",
    sql: `
      create table lead_deliveries (
        id text primary key,
        lead_id text not null references leads (id) on delete cascade,
        channel text not null,
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        locked_until timestamptz,
        last_error text not null default '',
        created_at timestamptz not null default now(),
        delivered_at timestamptz,
        failed_at timestamptz,
        unique (lead_id, channel)
      );
      create index lead_deliveries_due on lead_deliveries (next_attempt_at) where status = 'pending';
      create index lead_deliveries_status on lead_deliveries (status);
    `,
  },
  {
    // Alberta's all-in price: each unit's charges (freight and PDI, fees, levies, accessories) in cents
    id: "012_unit_charges",
    sql: `
      alter table vehicles add column charges jsonb not null default '[]';
    `,
  },
  {
    // what a fleet buyer shops by (GVWR, body, cab, wheelbase, payload; kg, class and fuel are derived on read) and
    // the offers only some buyers get, kept apart from the advertised price. Null until filled in at start-up.
    id: "013_work_truck_facts",
    sql: `
      alter table vehicles add column gvwr_lb integer;
      alter table vehicles add column body_type text;
      alter table vehicles add column body_length_ft numeric(4, 1);
      alter table vehicles add column cab_type text;
      alter table vehicles add column wheelbase_in numeric(5, 1);
      alter table vehicles add column payload_lb integer;
      alter table vehicles add column conditional_offers jsonb not null default '[]';
    `,
  },
  {
    // a held (quarantined) submission reaches the sales desk in a daily digest and can be released into normal
    // delivery: what it needs to become a lead (the consent it was sent with), and when it was reported and released;
    // scheduled jobs shared by every instance (one digest a day, whichever instance sends it)
    id: "014_held_enquiries",
    sql: `
      alter table quarantined_leads add column marketing_opt_in boolean not null default false;
      alter table quarantined_leads add column consent_version text not null default '';
      alter table quarantined_leads add column digested_at timestamptz;
      alter table quarantined_leads add column released_at timestamptz;
      create table scheduled_runs (name text primary key, last_run_at timestamptz not null);
    `,
  },
  {
    // the change signal: every change to a unit, the dealership's details or the specials, however it is made
    // (the API, an import, SQL by hand), is announced to every API process on this database (changes/)
    id: "015_change_signal",
    sql: `
      create function notify_unit_change() returns trigger language plpgsql as $$ begin if tg_op = 'DELETE' then perform pg_notify('fleet_changes', 'unit:' || old.stock_number); else perform pg_notify('fleet_changes', 'unit:' || new.stock_number); if tg_op = 'UPDATE' and old.stock_number <> new.stock_number then perform pg_notify('fleet_changes', 'unit:' || old.stock_number); end if; end if; return null; end $$;
      create trigger vehicles_change_signal after insert or update or delete on vehicles for each row execute function notify_unit_change();
      create function notify_site_change() returns trigger language plpgsql as $$ begin perform pg_notify('fleet_changes', 'site'); return null; end $$;
      create trigger business_details_change_signal after insert or update or delete on business_details for each statement execute function notify_site_change();
      create function notify_promotions_change() returns trigger language plpgsql as $$ begin perform pg_notify('fleet_changes', 'promotions'); return null; end $$;
      create trigger promotions_change_signal after insert or update or delete on promotions for each statement execute function notify_promotions_change();
    `,
  },
  {
    // the price a unit is advertised at has one definition, shared-types' pricing.ts (all-in, its charges included):
    // the index computes it from the row; a second, charge-less definition in SQL could only disagree with it
    id: "016_one_price_rule",
    sql: `
      drop index if exists vehicles_effective_price;
      alter table vehicles drop column effective_price;
    `,
  },
  {
    // the dealership's inventory feed: a unit can be sale pending (still shown, marked), a feed row's content hash
    // tells an unchanged unit from a changed one, and every run is kept with its report
    id: "017_inventory_feed",
    sql: `
      alter table vehicles drop constraint if exists vehicles_status_check;
      alter table vehicles add constraint vehicles_status_check check (status in ('available', 'sale_pending', 'sold'));
      alter table vehicles add column feed_hash text;
      alter table vehicles add column photos jsonb not null default '[]';
      create table feed_runs (
        id text primary key,
        kind text not null check (kind in ('inventory', 'promotions')),
        source text not null,
        started_at timestamptz not null default now(),
        outcome text not null check (outcome in ('imported', 'refused')),
        report jsonb not null
      );
      create index feed_runs_started_at on feed_runs (started_at desc);
      create table photos (
        id text primary key,
        width integer not null,
        height integer not null,
        bytes integer not null,
        source_url text not null,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    // the staff desk: its members and roles, one-time sign-in links, sessions (kept as hashes: a copy of the database
    // signs nobody in), the leads' claims, and the audit log, which refuses any change to a row once written
    id: "018_staff_desk",
    sql: `
      create table staff_members (
        id text primary key,
        email text not null unique,
        role text not null check (role in ('admin', 'sales_manager', 'service_manager', 'marketing')),
        created_at timestamptz not null default now(),
        disabled_at timestamptz
      );
      create table staff_links (
        token_hash text primary key,
        staff_id text not null references staff_members (id),
        purpose text not null check (purpose in ('sign-in', 'enrol')),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create table staff_sessions (
        token_hash text primary key,
        staff_id text not null references staff_members (id),
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        ended_at timestamptz
      );
      create table staff_audit (
        id bigserial primary key,
        at timestamptz not null default now(),
        staff_id text,
        staff_email text not null,
        action text not null,
        subject text not null,
        before jsonb,
        after jsonb
      );
      create index staff_audit_at on staff_audit (at desc);
      create function staff_audit_append_only() returns trigger language plpgsql as $$ begin raise exception 'the audit log is append-only' using errcode = '42501'; end $$;
      create trigger staff_audit_no_change before update or delete on staff_audit for each row execute function staff_audit_append_only();
      alter table leads add column claimed_by text;
      alter table leads add column claimed_at timestamptz;
      alter table leads add column contacted_at timestamptz;
    `,
  },
  {
    // the staff desk's passkeys (WebAuthn): each member's credentials, and the challenges a ceremony answers once
    id: "019_staff_passkeys",
    sql: `
      create table staff_passkeys (
        id text primary key,
        staff_id text not null references staff_members (id),
        public_key text not null,
        counter bigint not null default 0,
        transports jsonb not null default '[]',
        created_at timestamptz not null default now(),
        last_used_at timestamptz
      );
      create table staff_challenges (
        id text primary key,
        staff_id text references staff_members (id),
        challenge text not null,
        purpose text not null check (purpose in ('register', 'sign-in')),
        expires_at timestamptz not null
      );
    `,
  },
  {
    // staff changes to a unit (the desk): its sale price, sale pending or sold, or hidden from the site, with a
    // reason; the feed's price and status for the unit give way to them until they are cleared
    id: "020_unit_overrides",
    sql: `
      alter table vehicles add column hidden boolean not null default false;
      alter table vehicles add column staff_override jsonb;
    `,
  },
  {
    // the desk's specials (their days, a title for the desk, and whether a promotions feed may replace them), each
    // delivery's receipt (the mail server's message id and reply, the webhook's status) and a lead's escalation
    id: "021_desk_specials_receipts_escalation",
    sql: `
      alter table promotions add column title text not null default '';
      alter table promotions add column starts_on date;
      alter table promotions add column ends_on date;
      alter table promotions add column origin text not null default 'feed' check (origin in ('feed', 'desk'));
      alter table lead_deliveries add column receipt text not null default '';
      alter table leads add column escalated_at timestamptz;
    `,
  },
  {
    // a feed import is a background run: recorded as running when it starts, finished (or failed) later; one run
    // per feed at a time, held by a lease any API process on the database respects
    id: "022_background_feed_runs",
    sql: `
      alter table feed_runs drop constraint feed_runs_outcome_check;
      alter table feed_runs add constraint feed_runs_outcome_check
        check (outcome in ('running', 'imported', 'refused', 'failed'));
      alter table feed_runs add column finished_at timestamptz;
      create table feed_locks (
        kind text primary key,
        run_id text not null,
        expires_at timestamptz not null
      );
    `,
  },
  {
    // a fleet buyer's list (keyed by the hash of its cookie's random key: the cookie holds no personal data), its
    // lines and trade-ins; a sent request keeps what it asked for with the lead
    id: "023_fleet_quote",
    sql: `
      create table fleet_quote_lists (
        token_hash text primary key,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table fleet_quote_lines (
        id text primary key,
        token_hash text not null references fleet_quote_lists (token_hash) on delete cascade,
        kind text not null check (kind in ('unit', 'model')),
        stock_number text not null default '',
        model_id text not null default '',
        make text not null default '',
        model text not null default '',
        quantity integer not null check (quantity between 1 and 999),
        notes text not null default '',
        added_at timestamptz not null default now()
      );
      create index fleet_quote_lines_list on fleet_quote_lines (token_hash, added_at);
      create table fleet_quote_trade_ins (
        id text primary key,
        token_hash text not null references fleet_quote_lists (token_hash) on delete cascade,
        year integer not null,
        make text not null,
        model text not null,
        vin text not null,
        odometer_km integer not null,
        notes text not null default '',
        added_at timestamptz not null default now()
      );
      create index fleet_quote_trade_ins_list on fleet_quote_trade_ins (token_hash, added_at);
      alter table leads add column fleet_quote jsonb;
    `,
  },
  {
    // saved inventory searches (CASL: the consent as given, word for word; double opt-in; its links signed with the
    // API's secret), and what each was last told about a unit (its all-in price then), so an alert says only what is new
    id: "024_saved_searches",
    sql: `
      create table saved_searches (
        id text primary key,
        email text not null,
        search text not null default '',
        filters jsonb not null,
        status text not null default 'pending' check (status in ('pending', 'active', 'unsubscribed', 'lapsed')),
        consent_text text not null,
        consent_version text not null,
        consent_at timestamptz not null default now(),
        consent_page text not null default '',
        created_at timestamptz not null default now(),
        confirmed_at timestamptz,
        expires_at timestamptz,
        last_alert_at timestamptz,
        unsubscribed_at timestamptz
      );
      create index saved_searches_active on saved_searches (status, expires_at);
      create table saved_search_seen (
        search_id text not null references saved_searches (id) on delete cascade,
        stock_number text not null,
        price_cents integer not null,
        primary key (search_id, stock_number)
      );
    `,
  },
  {
    // every change to the units is announced, emptying the table too (it bumps the revision but names no unit): the
    // hosts purge every page, and the inventory index reads the revision again
    id: "025_truncate_change_signal",
    sql: `
      create trigger vehicles_truncate_change_signal after truncate on vehicles
        for each statement execute function notify_site_change();
    `,
  },
  {
    // a line-up model's make and name are the line-up's own when it could be read as the line was added; lines kept
    // before (named by the page) and lines added while it could not be read are not, and the visitor's copy of the
    // request does not repeat them
    id: "026_fleet_quote_lines_from_lineup",
    sql: `
      alter table fleet_quote_lines add column from_lineup boolean not null default false;
    `,
  },
  {
    // team api: real visitors' Web Vitals (api/src/vitals): the day, the route's pattern, the metric, the screen's
    // class and the value; nothing of the visitor. Kept 28 days (the desk's window, Google's field data's)
    id: "027_web_vitals",
    sql: `
      create table web_vitals (
        day date not null,
        route text not null,
        metric text not null check (metric in ('LCP', 'INP', 'CLS')),
        device text not null check (device in ('phone', 'desktop')),
        value double precision not null check (value >= 0)
      );
      create index web_vitals_route_metric_day on web_vitals (route, metric, day);
      create index web_vitals_day on web_vitals (day);
    `,
  },
  {
    // team api: the background jobs' leases (api/src/jobs): one row per periodic job, held by the process running it
    // (renewed while it runs), and when it is next due across every API process; failures count for its backoff
    id: "028_job_leases",
    sql: `
      create table job_leases (
        name text primary key,
        holder text not null,
        locked_until timestamptz,
        next_run_at timestamptz not null default now(),
        failures integer not null default 0,
        last_error text not null default '',
        last_run_at timestamptz
      );
    `,
  },
  {
    // the locks and run times job_leases replaced: the release before (e6db666) no longer takes them, so no API
    // in a rollout does
    id: "029_drop_feed_locks_scheduled_runs",
    sql: `
      drop table if exists feed_locks;
      drop table if exists scheduled_runs;
    `,
  },
  {
    // team service: its bays' time, a row per bay and step of the booking grid (service-booking/bay-claims.ts); the
    // primary key is what keeps two bookings out of one bay at one time, whichever process takes them
    id: "030_service_booking",
    sql: `
      create table service_bay_steps (
        bay_id text not null,
        starts_at timestamptz not null,
        booking_id text not null,
        primary key (bay_id, starts_at)
      );
      create index service_bay_steps_booking on service_bay_steps (booking_id);
      create index service_bay_steps_starts_at on service_bay_steps (starts_at);
      create table service_capacity (id integer primary key check (id = 1), details jsonb not null,
        updated_at timestamptz not null default now());
      create table service_bookings (
        id text primary key,
        lead_id text not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        units jsonb not null,
        stay text not null check (stay in ('wait', 'drop-off')),
        status text not null default 'booked'
          check (status in ('booked', 'confirmed', 'arrived', 'ready', 'no-show', 'cancelled')),
        version integer not null default 0,
        reminded_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index service_bookings_starts_at on service_bookings (starts_at);
      alter table leads add column service_booking jsonb;
      alter table lead_deliveries add column notice text not null default '';
      alter table lead_deliveries drop constraint lead_deliveries_lead_id_channel_key;
      alter table lead_deliveries add constraint lead_deliveries_once unique (lead_id, channel, notice);
    `,
  },
  {
    // a fleet's recurring plan: the same visit again by weeks (next_due) or by each unit's distance (units' serviced_km)
    id: "031_service_plans",
    sql: `
      create table service_plans (
        id text primary key,
        request jsonb not null,
        units jsonb not null,
        every_weeks integer,
        every_km integer,
        preferred_clock text not null,
        next_due text,
        status text not null default 'active' check (status in ('active', 'stopped')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check ((every_weeks is null) <> (every_km is null))
      );
      create index service_plans_next_due on service_plans (next_due) where status = 'active';
      alter table service_bookings add column plan_id text;
      create index service_bookings_plan on service_bookings (plan_id) where plan_id is not null;
    `,
  },
];

export async function migrate(db: Database): Promise<string[]> {
  await db.query(
    "create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())",
  );
  const done = new Set((await db.query<{ id: string }>("select id from schema_migrations")).map((r) => r.id));
  const applied: string[] = [];
  for (const migration of MIGRATIONS) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query("insert into schema_migrations (id) values ($1)", [migration.id]);
    });
    applied.push(migration.id);
  }
  return applied;
}
