// Reads the truth straight from the server (never through the fault proxy): whether a lock still
// exists, how many are left, what a defect holds now. Signs in again when its session idled out.
import { AlmClient } from '../../src/api/index';
import type { Defect } from '../../src/api/index';
import { TestClient } from '../support/server';

export class Auditor {
  private port = 0;
  private http: TestClient | undefined;
  private client: AlmClient | undefined;

  constructor(private readonly password: string) {}

  /** Points at the server's current port (it changes with every restart). */
  async target(port: number): Promise<void> {
    if (port === this.port) return;
    await this.client?.dispose();
    this.port = port;
    this.http = undefined;
    this.client = new AlmClient({ baseUrl: this.baseUrl, credentials: async () => ({ username: 'alice', password: this.password }) });
  }

  private get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/qcbin`;
  }

  private async get(path: string): Promise<{ status: number; json(): Record<string, unknown> }> {
    this.http ??= new TestClient(this.baseUrl);
    if (this.http.cookies.size === 0) await this.http.signIn('alice', this.password);
    let res = await this.http.get(path);
    if (res.status === 401) {
      await this.http.signIn('alice', this.password);
      res = await this.http.get(path);
    }
    return res;
  }

  /** Whether the server still enforces the lock (a lock of an ended session does not count). */
  async lockExists(id: number): Promise<boolean> {
    const http = (this.http ??= new TestClient(this.baseUrl));
    const res = await this.get(`${http.projectPath()}/locks/${id}`);
    if (res.status !== 200 && res.status !== 404) throw new Error(`reading lock ${id} answered ${res.status}`);
    return res.status === 200;
  }

  /** Every lock left in the project (reading them first ends idle sessions, as the server's sweep would). */
  async locksLeft(): Promise<number> {
    const http = (this.http ??= new TestClient(this.baseUrl));
    const res = await this.get(`${http.projectPath()}/locks`);
    if (res.status !== 200) throw new Error(`reading the locks answered ${res.status}`);
    return Number(res.json()['total-count']);
  }

  async defect(id: number): Promise<Defect> {
    if (!this.client) throw new Error('the auditor has no server yet');
    return this.client.project('DEFAULT', 'Demo').defects.get(id);
  }

  async close(): Promise<void> {
    await this.client?.dispose();
  }
}
