/**
 * nginx in front of built servers, configured by the deployment's own deploy/nginx.conf, for the
 * system tests and the proxy benchmark. Installed with apt-get when missing (as root).
 *
 * The file is used as written except for what differs between a server and a test run, each
 * replacement checked to have found its line, so a renamed line fails loudly instead of silently
 * testing something else:
 *   - `listen` addresses and ports: loopback and free ports;
 *   - the upstream's `server` line: one line per server under test;
 *   - the certificate paths: a self-signed certificate made with openssl for 127.0.0.1;
 *   - the build folder /opt/causeway/build/client: this checkout's build/client;
 *   - the access log's path: a file in the test's folder, read by `accessLog()`.
 * Around it, a small main configuration (what Debian's /etc/nginx/nginx.conf is on a server) puts
 * the pid file, logs and temporary folders in a folder of the test's own, and logs which upstream
 * answered each request.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

const root = path.resolve(import.meta.dirname, "../..");
export const DEPLOY_NGINX_CONF = path.join(root, "deploy/nginx.conf");

/** nginx's path; installs Debian's nginx-light when there is none. */
export function ensureNginx(): string {
  const found = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (found) return found;
  console.log("installing nginx (apt)");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx-light"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return "/usr/sbin/nginx";
}

export interface SiteConfOptions {
  httpPort: number;
  httpsPort: number;
  /** "127.0.0.1:port" of each server instance. */
  upstreams: readonly string[];
  certificate: string;
  certificateKey: string;
  clientDir: string;
  /** Also listen on [::1]; without it the IPv6 `listen` lines are left out. */
  ipv6: boolean;
  /** Where the site's own access log goes; the test's log of upstreams is written beside it. */
  accessLog: string;
  upstreamLog: string;
}

function replaceExactly(text: string, pattern: RegExp, replacement: string, count: number): string {
  const found = text.match(new RegExp(pattern.source, "gm"))?.length ?? 0;
  if (found !== count)
    throw new Error(`deploy/nginx.conf: expected ${count} line(s) matching ${pattern.source}, found ${found}`);
  return text.replace(new RegExp(pattern.source, "gm"), replacement);
}

/** deploy/nginx.conf with only addresses, ports and paths replaced. */
export function siteConf(options: SiteConfOptions): string {
  let conf = fs.readFileSync(DEPLOY_NGINX_CONF, "utf8");
  const v6 = (port: number, rest = "") => (options.ipv6 ? `listen [::1]:${port}${rest};` : "# (no IPv6 here)");
  conf = replaceExactly(conf, /listen 80;/, `listen 127.0.0.1:${options.httpPort};`, 1);
  conf = replaceExactly(conf, /listen \[::\]:80;/, v6(options.httpPort), 1);
  conf = replaceExactly(conf, /listen 443 ssl http2;/, `listen 127.0.0.1:${options.httpsPort} ssl http2;`, 1);
  conf = replaceExactly(conf, /listen \[::\]:443 ssl http2;/, v6(options.httpsPort, " ssl http2"), 1);
  conf = replaceExactly(
    conf,
    /^ {4}server 127\.0\.0\.1:3000;$/,
    options.upstreams.map((u) => `    server ${u};`).join("\n"),
    1,
  );
  conf = replaceExactly(conf, /\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/, options.certificate, 1);
  conf = replaceExactly(conf, /\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/, options.certificateKey, 1);
  conf = replaceExactly(conf, /\/opt\/causeway\/build\/client/, options.clientDir, 3);
  // A server's own access_log replaces the main configuration's, so the upstreams log is named here too.
  conf = replaceExactly(
    conf,
    /access_log \/var\/log\/nginx\/access\.log causeway;/,
    `access_log ${options.accessLog} causeway; access_log ${options.upstreamLog} upstreams;`,
    2,
  );
  return conf;
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid two days. */
export function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost"],
      ...["-keyout", key, "-out", certificate],
    ],
    { stdio: "ignore" },
  );
  return { certificate, key };
}

async function canListenOnIpv6Loopback(): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(0, "::1", () => server.close(() => resolve(true)));
  });
}

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text(): string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The loopback address the request comes from, e.g. 127.0.0.5: what nginx sees as the client. */
  localAddress?: string;
}

export interface RunningNginx {
  httpsOrigin: string;
  httpOrigin: string;
  /** The certificate to trust for httpsOrigin. */
  ca: Buffer;
  /** "status upstream" per request nginx passed on, in order. */
  upstreamLog(): { method: string; uri: string; status: number; upstream: string }[];
  /** The site's access log as deploy/nginx.conf writes it. */
  accessLog(): string;
  /** A request over HTTPS (or plain HTTP for an http:// URL) that trusts the test certificate. */
  request(url: string, options?: RequestOptions): Promise<ProxyAnswer>;
  stop(): Promise<void>;
}

export interface NginxOptions {
  upstreams: readonly string[];
  clientDir?: string;
}

/** Starts nginx in the foreground with deploy/nginx.conf in front of `upstreams`. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const bin = ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-nginx-"));
  fs.chmodSync(dir, 0o755);
  const { certificate, key } = selfSignedCertificate(dir);
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const ipv6 = await canListenOnIpv6Loopback();
  fs.writeFileSync(
    path.join(dir, "site.conf"),
    siteConf({
      httpPort,
      httpsPort,
      upstreams: options.upstreams,
      certificate,
      certificateKey: key,
      clientDir: options.clientDir ?? path.join(root, "build/client"),
      ipv6,
      accessLog: path.join(dir, "site-access.log"),
      upstreamLog: path.join(dir, "access.log"),
    }),
  );
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `${name}_temp_path ${path.join(dir, name)};`)
    .join("\n  ");
  // Started as root, nginx runs its workers as `nobody`, which cannot read a checkout in a private
  // folder (a clone in a mode-700 temporary folder answers 404 for every asset). The workers run as
  // the user that runs the tests instead; on a server the build under /opt is readable by all.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : "";
  // Debian's main configuration, reduced: foreground, files in `dir`, and which upstream answered.
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `${user}daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  log_format upstreams '$request_method $uri $status $upstream_addr';
  access_log ${path.join(dir, "access.log")} upstreams;
  ${temp}
  include ${path.join(dir, "site.conf")};
}
`,
  );
  const child: ChildProcess = spawn(bin, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", "nginx.conf"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const ca = fs.readFileSync(certificate);
  const httpsOrigin = `https://127.0.0.1:${httpsPort}`;

  function request(url: string, requestOptions: RequestOptions = {}): Promise<ProxyAnswer> {
    const target = new URL(url);
    const base: http.RequestOptions = {
      method: requestOptions.method ?? "GET",
      headers: requestOptions.headers,
      localAddress: requestOptions.localAddress,
      agent: false,
    };
    return new Promise((resolve, reject) => {
      const handle = (response: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: () => body.toString() });
        });
      };
      const outgoing =
        target.protocol === "https:"
          ? https.request(target, { ...base, ca }, handle)
          : http.request(target, base, handle);
      outgoing.on("error", reject);
      outgoing.end(requestOptions.body);
    });
  }

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    try {
      if ((await request(`${httpsOrigin}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 20 s: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    httpsOrigin,
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    ca,
    upstreamLog() {
      const file = path.join(dir, "access.log");
      if (!fs.existsSync(file)) return [];
      return fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [method = "", uri = "", status = "0", upstream = ""] = line.split(" ");
          return { method, uri, status: Number(status), upstream };
        });
    },
    accessLog() {
      const file = path.join(dir, "site-access.log");
      return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    },
    request,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
