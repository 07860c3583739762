// Checks deploy/k8s: renders each overlay as a cluster would get it, and fails (exit 1, naming the overlay, the object
// and what is wrong) on anything a cluster would refuse or a rollout would regret. Offline: no cluster, no network.
//   node scripts/check-kubernetes.mjs [overlay directory ...]     (unset: every overlay under deploy/k8s/overlays)
//
// 1. Renders with `kubectl kustomize --load-restrictor LoadRestrictionsNone`: Varnish's ConfigMap takes the
//    repository's cache/fleet.vcl where it lives (deploy/k8s/base/varnish/kustomization.yaml), outside the
//    kustomization's root, which kustomize refuses without that flag. Apply the same way (deploy/k8s/README.md).
//    (The VCL itself is compiled where its top file is made: the fleet/varnish image's entrypoint.)
// 2. Kubernetes' schemas: every object against its OpenAPI schema (npm kubernetes-models, and
//    @kubernetes-models/cloudnative-pg for the CloudNativePG Cluster, from the operator's CRD): types, required
//    fields, formats, enums. Those schemas let unknown fields through (a typo such as `readinesProbe` would be
//    dropped by the API server), so each object is also type-checked with TypeScript against the same packages'
//    interfaces, whose object literals admit no unknown property.
// 3. The site's own rules: every workload's container has an image, readiness and liveness probes on ports it
//    declares, CPU and memory requests and limits, no privilege escalation, a read-only root, runs as non-root; pods
//    get 15 s or more to stop (the servers drain within 10 s of SIGTERM). Every ConfigMap, Secret, Service, port and
//    autoscaling target named exists in the rendered overlay, or, for Secrets, is in OPERATOR_SECRETS below (made
//    by the operator or by an operator of the cluster, never in this repository); a PodDisruptionBudget covers a
//    workload of two replicas or more. The podman overlay holds only what `podman kube play` runs.

import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import YAML from "yaml";

const run = promisify(execFile);

const root = resolve(import.meta.dirname, "..");
const overlaysDir = join(root, "deploy/k8s/overlays");

// The Secrets an overlay uses that nobody renders: who makes each, and the keys the workloads need.
const PRODUCTION_SECRETS = {
  "fleet-secrets": {
    by: "the operator: kubectl create secret generic fleet-secrets --from-literal=...",
    keys: ["RENDER_SECRET", "STAFF_DESK_KEY", "SHARED_CACHE_PURGE_SECRET", "SMTP_URL"],
    optionalKeys: ["LEAD_SIGNING_SECRET", "LEADS_EXPORT_TOKEN"],
  },
  "fleet-database": { by: "the operator (external PostgreSQL)", keys: ["DATABASE_URL"] },
  "fleet-site-tls": { by: "the operator or cert-manager (kubernetes.io/tls)", keys: ["tls.crt", "tls.key"] },
  "fleet-desk-tls": { by: "the operator or cert-manager (kubernetes.io/tls)", keys: ["tls.crt", "tls.key"] },
};
const OPERATOR_SECRETS = {
  production: PRODUCTION_SECRETS,
  "cloudnative-pg": {
    ...PRODUCTION_SECRETS,
    "fleet-database": undefined,
    "fleet-db-app": { by: "the CloudNativePG operator, for the Cluster fleet-db", keys: ["uri"] },
  },
  podman: {},
};
// podman 4.3's kube play: what it runs (Services it passes over; everything else it refuses or ignores)
const PODMAN_PLAYS = new Set(["Deployment", "Pod", "PersistentVolumeClaim", "ConfigMap", "Secret", "Service"]);
const WORKLOADS = new Set(["Deployment", "StatefulSet", "DaemonSet"]);

const failures = [];
const fail = (where, message) => failures.push(`${where}: ${message}`);
const id = (o) => `${o.kind}/${o.metadata?.name}`;

const overlays = process.argv.slice(2).length
  ? process.argv.slice(2).map((dir) => resolve(dir))
  : readdirSync(overlaysDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(overlaysDir, entry.name));

if (spawnSync("kubectl", ["version", "--client"]).status !== 0) {
  console.error("kubectl is not installed (Debian: kubernetes-client; it renders the overlays with its kustomize)");
  process.exit(1);
}

const schemaModule = (apiVersion) =>
  apiVersion.endsWith(".cnpg.io/v1")
    ? `@kubernetes-models/cloudnative-pg/${apiVersion}`
    : `kubernetes-models/${apiVersion.includes("/") ? apiVersion : `v1`}`;

// the overlays render at once (kubectl takes a second or two each)
const renders = await Promise.all(
  overlays.map(async (dir) => {
    const name = relative(overlaysDir, dir).startsWith("..") ? relative(root, dir) : relative(overlaysDir, dir);
    try {
      const { stdout } = await run("kubectl", ["kustomize", "--load-restrictor", "LoadRestrictionsNone", dir], {
        maxBuffer: 64 * 1024 * 1024,
      });
      // an overlay's rules (its operator's Secrets, podman's kinds) go by its directory's name
      const objects = YAML.parseAllDocuments(stdout).map((document) => document.toJS());
      // kustomize folds a long value's base64 over lines, which the API server's decoder skips and the schema's
      // "byte" format does not
      for (const o of objects)
        if (o.kind === "Secret" && o.data)
          for (const key of Object.keys(o.data)) o.data[key] = String(o.data[key]).replace(/\s/g, "");
      return { name, kind: basename(dir), objects };
    } catch (error) {
      fail(name, `kubectl kustomize failed: ${String(error.stderr).trim().split("\n")[0]}`);
      return undefined;
    }
  }),
);
const rendered = renders.filter(Boolean);
for (const { name, kind, objects } of rendered) {
  // 2. the schemas
  for (const object of objects) {
    let Model;
    try {
      Model = (await import(`${schemaModule(object.apiVersion)}/${object.kind}`))[object.kind];
    } catch {}
    if (!Model) {
      fail(`${name}: ${id(object)}`, `no schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      fail(`${name}: ${id(object)}`, error.message);
    }
  }
  checkRules(name, kind, objects, OPERATOR_SECRETS[kind] ?? {});
}
await typeCheck(rendered);

if (failures.length > 0) {
  console.error(`deploy/k8s: ${failures.length} problem(s)\n${failures.map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
for (const { name, objects } of rendered) {
  const count = new Map();
  for (const { kind } of objects) count.set(kind, (count.get(kind) ?? 0) + 1);
  const kinds = [...count].map(([kind, n]) => `${n} ${kind}`);
  console.log(`${name}: ${objects.length} objects valid (${kinds.join(", ")})`);
}

function checkRules(overlay, overlayKind, objects, operatorSecrets) {
  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  const find = (kind, name) => objects.find((o) => o.kind === kind && o.metadata?.name === name);
  const workloads = objects.filter((o) => WORKLOADS.has(o.kind));
  const matches = (selector, labels) =>
    Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value) &&
    Object.keys(selector ?? {}).length > 0;

  const secretHas = (where, secretName, key, optional) => {
    const secret = find("Secret", secretName);
    const provided = operatorSecrets[secretName];
    if (secret) {
      const keys = Object.keys({ ...secret.data, ...secret.stringData });
      if (key && !optional && !keys.includes(key)) fail(where, `Secret ${secretName} has no key ${key}`);
    } else if (provided) {
      if (key && !optional && !provided.keys.includes(key))
        fail(where, `Secret ${secretName} (${provided.by}) is not documented with the key ${key}`);
      if (key && optional && ![...provided.keys, ...(provided.optionalKeys ?? [])].includes(key))
        fail(where, `Secret ${secretName} (${provided.by}) is not documented with the key ${key}`);
    } else if (!optional) {
      fail(where, `Secret ${secretName} is neither rendered nor in the operator's list (OPERATOR_SECRETS)`);
    }
  };
  const configMapHas = (where, mapName, key, optional) => {
    const map = find("ConfigMap", mapName);
    if (!map) {
      if (!optional) fail(where, `ConfigMap ${mapName} is not rendered`);
    } else if (key && !optional && !(key in (map.data ?? {}))) {
      fail(where, `ConfigMap ${mapName} has no key ${key}`);
    }
  };

  if (overlayKind === "podman") {
    for (const o of objects)
      if (!PODMAN_PLAYS.has(o.kind)) fail(`${overlay}: ${id(o)}`, "podman kube play cannot run it");
  }

  for (const workload of workloads) {
    const where = `${overlay}: ${id(workload)}`;
    const pod = workload.spec?.template?.spec ?? {};
    const podLabels = workload.spec?.template?.metadata?.labels;
    if (!matches(workload.spec?.selector?.matchLabels, podLabels)) fail(where, "its selector does not match its pods");
    if ((pod.terminationGracePeriodSeconds ?? 30) < 15) fail(where, "terminationGracePeriodSeconds below 15");
    for (const volume of pod.volumes ?? []) {
      if (volume.secret)
        secretHas(where, volume.secret.secretName, volume.secret.items?.[0]?.key, volume.secret.optional);
      if (volume.configMap) configMapHas(where, volume.configMap.name, undefined, volume.configMap.optional);
      if (volume.persistentVolumeClaim && !find("PersistentVolumeClaim", volume.persistentVolumeClaim.claimName))
        fail(where, `PersistentVolumeClaim ${volume.persistentVolumeClaim.claimName} is not rendered`);
    }
    for (const container of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      const at = `${where} container ${container.name}`;
      const init = pod.initContainers?.includes(container);
      if (!container.image) fail(at, "no image");
      const ports = container.ports ?? [];
      for (const probe of init ? [] : ["readinessProbe", "livenessProbe"]) {
        if (!container[probe]) fail(at, `no ${probe}`);
      }
      for (const probe of ["readinessProbe", "livenessProbe", "startupProbe"]) {
        const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
        if (port === undefined) continue;
        const declared =
          typeof port === "number" ? ports.some((p) => p.containerPort === port) : ports.some((p) => p.name === port);
        if (!declared) fail(at, `${probe} port ${JSON.stringify(port)} is not one of its ports`);
      }
      for (const kind of ["requests", "limits"])
        for (const resource of ["cpu", "memory"])
          if (!container.resources?.[kind]?.[resource]) fail(at, `no ${resource} ${kind}`);
      const security = { ...pod.securityContext, ...container.securityContext };
      if (security.runAsNonRoot !== true) fail(at, "not runAsNonRoot");
      if (security.runAsUser === 0) fail(at, "runs as root (runAsUser 0)");
      if (container.securityContext?.allowPrivilegeEscalation !== false)
        fail(at, "allowPrivilegeEscalation is not false");
      if (container.securityContext?.readOnlyRootFilesystem !== true) fail(at, "readOnlyRootFilesystem is not true");
      for (const { name, valueFrom } of container.env ?? []) {
        if (valueFrom?.secretKeyRef) {
          const ref = valueFrom.secretKeyRef;
          secretHas(`${at} env ${name}`, ref.name, ref.key, ref.optional);
        }
        if (valueFrom?.configMapKeyRef) {
          const ref = valueFrom.configMapKeyRef;
          configMapHas(`${at} env ${name}`, ref.name, ref.key, ref.optional);
        }
      }
      for (const from of container.envFrom ?? []) {
        if (from.secretRef) secretHas(at, from.secretRef.name, undefined, from.secretRef.optional);
        if (from.configMapRef) configMapHas(at, from.configMapRef.name, undefined, from.configMapRef.optional);
      }
    }
  }

  const podsOf = (selector) => workloads.filter((w) => matches(selector, w.spec?.template?.metadata?.labels));
  for (const service of byKind("Service")) {
    const where = `${overlay}: ${id(service)}`;
    const pods = podsOf(service.spec?.selector);
    if (pods.length === 0) {
      fail(where, "selects no workload's pods");
      continue;
    }
    for (const port of service.spec?.ports ?? []) {
      const target = port.targetPort ?? port.port;
      const declared = pods.every((w) =>
        w.spec.template.spec.containers.some((c) =>
          (c.ports ?? []).some((p) => (typeof target === "number" ? p.containerPort === target : p.name === target)),
        ),
      );
      if (!declared) fail(where, `targetPort ${JSON.stringify(target)} is not a port of the pods it selects`);
    }
  }
  for (const ingress of byKind("Ingress")) {
    const where = `${overlay}: ${id(ingress)}`;
    for (const tls of ingress.spec?.tls ?? []) secretHas(where, tls.secretName, "tls.crt");
    for (const rule of ingress.spec?.rules ?? []) {
      if (!/^[a-z0-9.-]+$/.test(rule.host ?? "")) fail(where, `host ${JSON.stringify(rule.host)} is not a host name`);
      for (const path of rule.http?.paths ?? []) {
        const { name, port } = path.backend?.service ?? {};
        const service = find("Service", name);
        if (!service) fail(where, `backend Service ${name} is not rendered`);
        else if (!service.spec.ports.some((p) => (port?.name ? p.name === port.name : p.port === port?.number)))
          fail(where, `backend Service ${name} has no port ${JSON.stringify(port)}`);
      }
    }
  }
  const hpaMin = new Map();
  for (const hpa of byKind("HorizontalPodAutoscaler")) {
    const { kind, name } = hpa.spec?.scaleTargetRef ?? {};
    if (!find(kind, name)) fail(`${overlay}: ${id(hpa)}`, `scales ${kind}/${name}, which is not rendered`);
    hpaMin.set(`${kind}/${name}`, hpa.spec?.minReplicas ?? 1);
  }
  for (const pdb of byKind("PodDisruptionBudget")) {
    const covered = podsOf(pdb.spec?.selector?.matchLabels);
    if (covered.length === 0) fail(`${overlay}: ${id(pdb)}`, "selects no workload's pods");
    for (const w of covered) {
      const replicas = Math.max(w.spec?.replicas ?? 1, hpaMin.get(id(w)) ?? 0);
      if (replicas < 2 && pdb.spec?.minAvailable === 1)
        fail(`${overlay}: ${id(pdb)}`, `${id(w)} has ${replicas} replica: minAvailable 1 would block every drain`);
    }
  }
}

// Unknown fields: each object as a TypeScript object literal of its kubernetes-models interface (excess property
// checks), compiled with the repository's tsc. The file is written under node_modules/.cache, where both resolve.
async function typeCheck(overlaysRendered) {
  const cache = join(root, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, "check-kubernetes-"));
  try {
    const lines = [];
    const origin = [];
    let n = 0;
    for (const { name, objects } of overlaysRendered) {
      for (const object of objects) {
        const type = `${schemaModule(object.apiVersion)}/${object.kind}`;
        lines.push(`import type { I${object.kind} as T${n} } from "${type}";`);
        origin.push(undefined);
        lines.push(`export const o${n}: T${n} = ${JSON.stringify(object)};`);
        origin.push(`${name}: ${id(object)}`);
        n++;
      }
    }
    writeFileSync(join(dir, "objects.ts"), `${lines.join("\n")}\n`);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          skipLibCheck: true,
          types: [],
        },
        files: ["objects.ts"],
      }),
    );
    const tsc = await run(join(root, "node_modules/.bin/tsc"), ["-p", join(dir, "tsconfig.json")]).then(
      () => ({ status: 0 }),
      (error) => ({ status: error.code ?? 1, stdout: String(error.stdout), stderr: String(error.stderr) }),
    );
    if (tsc.status === 0) return;
    const reported = new Set();
    for (const line of tsc.stdout.split("\n")) {
      const match = /objects\.ts\((\d+),\d+\): error TS\d+: (.*)$/.exec(line);
      if (match) {
        const key = `${origin[Number(match[1]) - 1] ?? "deploy/k8s"} ${match[2]}`;
        if (!reported.has(key)) fail(origin[Number(match[1]) - 1] ?? "type check", match[2]);
        reported.add(key);
      } else if (line.trim() && !/^\s/.test(line)) {
        fail("type check", line.trim());
      }
    }
    if (reported.size === 0 && tsc.status !== 0) fail("type check", (tsc.stderr || tsc.stdout).trim().slice(0, 500));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
