// The lookup page: hash the chosen file here, then ask the server for the reports of the hash.
import { hashChosenFiles } from "./file-picker.js";

const status = document.getElementById("status");
const list = document.getElementById("reports");
status.textContent = "";

function show(state, text) {
  status.dataset.state = state;
  status.textContent = text;
}

hashChosenFiles({
  zone: document.getElementById("drop"),
  input: document.getElementById("file"),
  status,
  onStart() {
    list.replaceChildren();
  },
  async onHashed(digest, file) {
    const response = await fetch(`/verify/lookup?hash=${digest}`, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    const found = await response.json();
    if (found.reports.length === 0) {
      show("failed", `No report found for ${file.name} (SHA-256 ${digest}).`);
      return;
    }
    const count = found.reports.length === 1 ? "1 report" : `${found.reports.length} reports`;
    show("ok", `${file.name} (SHA-256 ${digest}) was notarized: ${count}, oldest first.`);
    for (const report of found.reports) {
      const link = document.createElement("a");
      link.href = report.url;
      link.textContent = `Report ${report.slug}`;
      const item = document.createElement("li");
      item.append(link, `, logged ${report.logged_at} as log entry ${report.log_index}`);
      list.append(item);
    }
    if (found.truncated) {
      const item = document.createElement("li");
      item.textContent = "There are more; these are the oldest.";
      list.append(item);
    }
  },
});