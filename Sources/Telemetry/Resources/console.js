// The plots of the Telemetry console. It looks for the page's figure with `data-plot` and:
// - with `data-points-url` (a measurement's page), loads the chosen data ids' points when
//   Replay is pressed and plays them back at the chosen speed, or all at once with Show all;
// - with `data-live-url` (the live view), follows the event stream and adds each batch.
// It draws one line per data id on the canvas (elapsed seconds across, values up) and keeps the
// canvas's `data-points` and `data-counted` up to date.
"use strict";
(function () {
  const COLORS = ["#0b5cad", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0f766e", "#a16207", "#4d7c0f"];
  const LIVE_POINTS_PER_SERIES = 5000;

  // One line per data id over elapsed time, on a canvas.
  class Plot {
    constructor(figure, keepPerSeries) {
      this.canvas = figure.querySelector("canvas");
      this.status = figure.querySelector("[role=status]");
      this.legend = figure.querySelector("ul.legend");
      this.keep = keepPerSeries;
      this.clear();
    }
    clear() {
      this.series = new Map();
      this.pending = false;
      this.draw();
    }
    seriesOf(id) {
      let series = this.series.get(id);
      if (!series) {
        series = { id: id, index: this.series.size, times: [], values: [], counted: 0 };
        this.series.set(id, series);
      }
      return series;
    }
    // Adds a point: `elapsed` in nanoseconds, `value` a number or null (only counted).
    add(id, elapsed, value) {
      const series = this.seriesOf(id);
      if (value === null) {
        series.counted += 1;
      } else {
        series.times.push(elapsed / 1e9);
        series.values.push(value);
        if (this.keep && series.times.length > this.keep) {
          series.times.splice(0, series.times.length - this.keep);
          series.values.splice(0, series.values.length - this.keep);
        }
      }
      if (!this.pending) {
        this.pending = true;
        window.requestAnimationFrame(() => { this.pending = false; this.draw(); });
      }
    }
    say(text) { this.status.textContent = text; }
    draw() {
      const canvas = this.canvas, context = canvas.getContext("2d");
      const width = canvas.width, height = canvas.height, left = 64, right = 16, top = 12, bottom = 36;
      context.clearRect(0, 0, width, height);
      let drawn = 0, counted = 0, minT = Infinity, maxT = -Infinity, minV = Infinity, maxV = -Infinity;
      for (const series of this.series.values()) {
        drawn += series.times.length;
        counted += series.counted;
        for (let i = 0; i < series.times.length; i++) {
          minT = Math.min(minT, series.times[i]); maxT = Math.max(maxT, series.times[i]);
          minV = Math.min(minV, series.values[i]); maxV = Math.max(maxV, series.values[i]);
        }
      }
      canvas.dataset.points = String(drawn);
      canvas.dataset.counted = String(counted);
      this.drawLegend();
      context.strokeStyle = "#c9d0d7";
      context.strokeRect(left, top, width - left - right, height - top - bottom);
      if (drawn === 0) return;
      if (maxT === minT) { maxT = minT + 1; }
      if (maxV === minV) { maxV += 1; minV -= 1; }
      const x = (t) => left + (t - minT) / (maxT - minT) * (width - left - right);
      const y = (v) => top + (maxV - v) / (maxV - minV) * (height - top - bottom);
      context.fillStyle = "#4a5561";
      context.font = "12px system-ui, sans-serif";
      context.textAlign = "right";
      for (const v of [minV, (minV + maxV) / 2, maxV]) { context.fillText(format(v), left - 6, y(v) + 4); }
      context.textAlign = "center";
      for (const t of [minT, (minT + maxT) / 2, maxT]) { context.fillText(format(t) + " s", x(t), height - bottom + 18); }
      for (const series of this.series.values()) {
        context.strokeStyle = context.fillStyle = COLORS[series.index % COLORS.length];
        context.lineWidth = 1.5;
        context.beginPath();
        for (let i = 0; i < series.times.length; i++) {
          const px = x(series.times[i]), py = y(series.values[i]);
          if (i === 0) context.moveTo(px, py); else context.lineTo(px, py);
        }
        context.stroke();
        if (series.times.length === 1) { context.fillRect(x(series.times[0]) - 2, y(series.values[0]) - 2, 4, 4); }
      }
    }
    drawLegend() {
      const items = [];
      for (const series of this.series.values()) {
        const item = document.createElement("li");
        item.className = "series-" + (series.index % COLORS.length);
        let text = series.id + ": " + series.times.length + " plotted";
        if (series.counted > 0) text += ", " + series.counted + " without a number";
        item.textContent = text;
        items.push(item);
      }
      this.legend.replaceChildren(...items);
    }
  }

  function format(value) {
    const magnitude = Math.abs(value);
    if (magnitude !== 0 && (magnitude >= 1e6 || magnitude < 1e-3)) return value.toExponential(2);
    return String(Math.round(value * 1000) / 1000);
  }

  // `path` on this server, without the user name and password a page's own URL may
  // carry (which fetch refuses).
  function sameOrigin(path) {
    return new URL(path, window.location.origin);
  }

  // A measurement's page: load the chosen points, then play them back.
  function setUpReplay(figure) {
    const plot = new Plot(figure, 0);
    const form = document.getElementById("replay-form");
    const replay = document.getElementById("replay"), showAll = document.getElementById("show-all"), stop = document.getElementById("stop");
    let frame = 0;
    function halt() {
      if (frame) window.cancelAnimationFrame(frame);
      frame = 0;
      replay.disabled = showAll.disabled = false;
      stop.disabled = true;
    }
    async function load() {
      const chosen = Array.from(form.querySelectorAll("input[name=data]:checked"), (box) => box.value);
      if (chosen.length === 0) { plot.say("Choose at least one data id."); return null; }
      const query = new URLSearchParams(chosen.map((id) => ["data", id]));
      for (const bound of ["from", "to"]) {
        const value = document.getElementById(bound).value;
        if (value !== "") query.append(bound, value);
      }
      plot.say("Loading…");
      const url = sameOrigin(figure.dataset.pointsUrl);
      url.search = query.toString();
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) {
        // The console answers errors with its error page: show the page's message.
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const message = page.getElementById("error-message");
        plot.say("Loading failed: " + (message ? message.textContent : "HTTP " + response.status + "."));
        return null;
      }
      return response.json();
    }
    async function start(speed) {
      halt();
      replay.disabled = showAll.disabled = true;
      stop.disabled = false;
      let answer;
      try { answer = await load(); } catch (error) { plot.say("Loading failed: " + error.message); }
      if (!answer) { halt(); return; }
      plot.clear();
      const points = answer.points;
      const note = answer.truncated ? " (the first " + points.length + " points only)" : "";
      if (points.length === 0) { plot.say("No points for these data ids."); halt(); return; }
      if (speed === 0) {
        for (const [id, elapsed, value] of points) plot.add(id, elapsed, value);
        // Drawn now rather than at the next frame, so that the plot holds the points by
        // the time the status says it shows them (and so once the replay below ends).
        plot.draw();
        plot.say("Showing " + points.length + " points" + note + ".");
        halt();
        return;
      }
      const first = points[0][1], began = performance.now();
      let next = 0;
      figure.dataset.replaying = "true";
      const step = (now) => {
        const reached = first + (now - began) * 1e6 * speed;
        while (next < points.length && points[next][1] <= reached) {
          const [id, elapsed, value] = points[next++];
          plot.add(id, elapsed, value);
        }
        plot.say("Replaying at " + speed + "×: " + next + " of " + points.length + " points" + note + ".");
        if (next < points.length) { frame = window.requestAnimationFrame(step); return; }
        figure.dataset.replaying = "false";
        plot.draw();
        plot.say("Replayed " + points.length + " points" + note + ".");
        halt();
      };
      frame = window.requestAnimationFrame(step);
    }
    replay.addEventListener("click", () => start(Number(document.getElementById("speed").value)));
    showAll.addEventListener("click", () => start(0));
    stop.addEventListener("click", () => { halt(); plot.say("Stopped."); });
  }

  // The live view: add every batch the event stream brings.
  function setUpLive(figure) {
    const plot = new Plot(figure, LIVE_POINTS_PER_SERIES);
    const source = new EventSource(sameOrigin(figure.dataset.liveUrl));
    let received = 0;
    source.addEventListener("open", () => plot.say("Connected; waiting for data."));
    source.addEventListener("points", (event) => {
      const batch = JSON.parse(event.data);
      for (const [id, elapsed, value] of batch.points) plot.add(id, elapsed, value);
      received += batch.points.length;
      figure.dataset.received = String(received);
      plot.say("Received " + received + " points; latest from measurement " + batch.measurement + ".");
    });
    source.addEventListener("dropped", (event) => plot.say("Falling behind: " + event.data + " batches were skipped."));
    source.addEventListener("error", () => plot.say(source.readyState === EventSource.CLOSED ? "Disconnected." : "Reconnecting…"));
  }

  document.addEventListener("DOMContentLoaded", () => {
    for (const figure of document.querySelectorAll("[data-plot]")) {
      if (figure.dataset.pointsUrl) setUpReplay(figure);
      if (figure.dataset.liveUrl) setUpLive(figure);
    }
  });
})();
