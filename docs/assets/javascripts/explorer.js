// The bandwidth explorer (attention_tutorial/explorer.py writes the data into the page).
// One slider moves w on a log scale; the browser recomputes the attention weights
// (a stable softmax: the row maximum is subtracted before exp), the fit and the
// leave-one-out loss, and redraws four SVG panels. No request to any host.
// element.attnExplorer exposes setW(w), w(), fit(), loo(w) and weights() for tests.
// The SGD stepper (attention_tutorial/stepper.py, class attn-stepper) reuses the loss
// and the panel: each "step" is one SGD step on w or log w, drawn on the loss curve.
// element.attnStepper exposes configure(lr, logW), step(), reset() and rows() for tests.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var W = 300, H = 200, M = { l: 44, r: 14, t: 8, b: 34 };  // l: "0.04" met the y label at 40
  // A phone's column (about 335 CSS px) shows a 300-unit panel at about 1.1, and its
  // 10-unit ticks were 9-11 px high. There the panels' text is 12 units (explorer.css,
  // .is-phone), over 11 px down to a 320 px screen, and the left and bottom margins are
  // wider for it. Chosen once, when the page loads, for every panel of the page.
  var PHONE = !!(window.matchMedia && window.matchMedia("(max-width: 600px)").matches);
  if (PHONE) { M.l = 52; M.r = 18; M.b = 38; }
  var TICK_X = PHONE ? 16 : 14, TICK_Y = PHONE ? 4 : 3.5;  // a tick label's offset from its tick
  var LABEL_X = PHONE ? 13 : 10;  // the baseline of the y axis' label (turned a quarter left)
  var NOTE_Y = 12;  // the baseline of the loss panel's note on the current w, under the frame's top

  // Attention weights of one query over keys (skip: a key index to leave out, or -1).
  function softmaxRow(q, keys, w, skip) {
    var n = keys.length, s = new Float64Array(n), max = -Infinity, sum = 0, j;
    for (j = 0; j < n; j++) {
      if (j === skip) continue;
      var d = (q - keys[j]) * w;
      s[j] = -d * d / 2;
      if (s[j] > max) max = s[j];
    }
    for (j = 0; j < n; j++) {
      s[j] = j === skip ? 0 : Math.exp(s[j] - max);
      sum += s[j];
    }
    for (j = 0; j < n; j++) s[j] /= sum;
    return s;
  }
  function dot(a, b) {
    var t = 0;
    for (var j = 0; j < a.length; j++) t += a[j] * b[j];
    return t;
  }
  // Summed squared error when each training point is predicted from all the others, and
  // its derivative in w. With s_ij = -(d_ij w)^2 / 2 and g_ij = ds_ij/dw = -d_ij^2 w, the
  // prediction's derivative is sum_j a_ij g_ij y_j - yhat_i sum_j a_ij g_ij (softmax rule).
  function looLossGrad(x, y, w) {
    var loss = 0, grad = 0;
    for (var i = 0; i < x.length; i++) {
      var a = softmaxRow(x[i], x, w, i), yhat = dot(a, y), ag = 0, agy = 0;
      for (var j = 0; j < x.length; j++) {
        var g = -(x[i] - x[j]) * (x[i] - x[j]) * w;
        ag += a[j] * g;
        agy += a[j] * g * y[j];
      }
      var e = yhat - y[i];
      loss += e * e;
      grad += 2 * e * (agy - yhat * ag);
    }
    return { loss: loss, grad: grad };
  }
  function looLoss(x, y, w) { return looLossGrad(x, y, w).loss; }
  // The loss on a grid of w, log10(w) in w_steps even steps from w_min to w_max.
  function lossCurve(x, y, data) {
    var lo = Math.log10(data.w_min), hi = Math.log10(data.w_max), ws = [], curve = [];
    var step = (hi - lo) / (data.w_steps - 1);
    for (var k = 0; k < data.w_steps; k++) {
      ws.push(Math.pow(10, lo + k * step));
      curve.push(looLoss(x, y, ws[k]));
    }
    var best = 0;
    curve.forEach(function (c, i) { if (c < curve[best]) best = i; });
    return { ws: ws, curve: curve, best: best };
  }

  function el(tag, attrs, parent) {
    var node = document.createElementNS(NS, tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(node);
    return node;
  }
  function html(tag, cls, parent, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  function fmt(v) {
    return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toFixed(3);
  }
  function niceTicks(lo, hi, count) {
    var step = Math.pow(10, Math.floor(Math.log10((hi - lo) / count)));
    var err = (hi - lo) / count / step;
    step *= err >= 5 ? 10 : err >= 2 ? 5 : err >= 1.5 ? 2 : 1;
    var ticks = [];
    for (var t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
      ticks.push(Math.abs(t) < step * 1e-9 ? 0 : t);
    }
    return ticks;
  }

  // A panel: an <svg> with axes; sx/sy map data to pixels; log: a log10 x axis.
  // legend: [[text, class], ...] shown as a line of HTML under the caption, outside the
  // plot, so that no entry hides data (an in-plot legend covered points and bumps).
  function Panel(parent, title, xlabel, ylabel, log, legend) {
    var fig = html("figure", "attn-explorer-panel", parent);
    html("figcaption", null, fig, title);
    this.legend = html("p", "attn-explorer-legend", fig);
    (legend || []).forEach(function (entry) { this.key(entry[0], entry[1]); }, this);
    this.svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": title }, fig);
    this.axes = el("g", { class: "axes" }, this.svg);
    this.plot = el("g", {}, this.svg);
    this.xlabel = xlabel;
    this.ylabel = ylabel;
    this.log = log;
  }
  // what a screen reader says of the panel: a sentence on what it shows and its state
  Panel.prototype.describe = function (text) {
    this.svg.setAttribute("aria-label", text);
  };
  // An entry's mark (■ ● ◯ ◌ ★) in a box of its own width 1.2em: the star's glyph, wider than
  // its advance in some fonts, touched its words at 375 px ("★Leave-one-out").
  Panel.prototype.key = function (text, cls) {
    var m = /^([■●◯◌★]) (.*)$/.exec(text);
    if (!m) return html("span", cls, this.legend, text);
    var span = html("span", cls, this.legend);
    // the space kept in the text: the entry still reads "★ Leave-one-out minimum"
    html("span", "attn-key-mark", span, m[1] + " ");
    span.appendChild(document.createTextNode(m[2]));
    return span;
  };
  // A tick as the figures write it (attention_tutorial/figures/_base.py, log_axis):
  // plain numbers, thousands with a comma (1,000).
  function tickLabel(t) {
    var v = +t.toPrecision(6);
    return Math.abs(v) >= 1000 ? v.toLocaleString("en-US") : String(v);
  }
  Panel.prototype.setRange = function (x0, x1, y0, y1) {
    var log = this.log, f = log ? Math.log10 : function (v) { return v; };
    var a = f(x0), b = f(x1);
    this.sx = function (v) { return M.l + ((f(v) - a) / (b - a)) * (W - M.l - M.r); };
    this.sy = function (v) { return H - M.b - ((v - y0) / (y1 - y0)) * (H - M.t - M.b); };
    var g = this.axes, sx = this.sx, sy = this.sy;
    while (g.firstChild) g.removeChild(g.firstChild);
    el("rect", { x: M.l, y: M.t, width: W - M.l - M.r, height: H - M.t - M.b, class: "frame" }, g);
    var xt = log ? [0.1, 1, 10, 100, 1000].filter(function (t) { return t >= x0 && t <= x1; })
      : niceTicks(x0, x1, 5);
    xt.forEach(function (t) {
      el("line", { x1: sx(t), x2: sx(t), y1: H - M.b, y2: H - M.b + 4 }, g);
      el("text", { x: sx(t), y: H - M.b + TICK_X, "text-anchor": "middle" }, g).textContent = tickLabel(t);
    });
    niceTicks(y0, y1, 4).forEach(function (t) {
      el("line", { x1: M.l - 4, x2: M.l, y1: sy(t), y2: sy(t) }, g);
      el("text", { x: M.l - 6, y: sy(t) + TICK_Y, "text-anchor": "end" }, g).textContent = String(+t.toPrecision(4));
    });
    el("text", { x: (M.l + W - M.r) / 2, y: H - 3, "text-anchor": "middle", class: "label" }, g).textContent = this.xlabel;
    el("text", { x: LABEL_X, y: (M.t + H - M.b) / 2, "text-anchor": "middle", class: "label y-label",
      transform: "rotate(-90 " + LABEL_X + " " + (M.t + H - M.b) / 2 + ")" }, g).textContent = this.ylabel;
    fitLabels(this.svg);
  };
  // Once a panel is on the page (text has a length only then): the y axis' label, turned a
  // quarter left, stays inside the panel's height (at 375 px "leave-one-out training loss
  // (sum)" ran 9 px past the top and "(sum)" was cut): moved towards the middle, and in a
  // smaller font if it is longer than the panel is high. The minimum's label stays between
  // the frame's sides, off the y ticks ("Leave-one-out minimum w ≈ 3.98" covered the "10").
  function fitAll(node) {  // now, and again once the page's fonts are in
    function fit() { node.querySelectorAll("svg").forEach(fitLabels); }
    fit();
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(fit);
  }
  function fitLabels(svg) {
    if (!svg.isConnected) return;
    var room = H - 4;
    svg.querySelectorAll("text.y-label").forEach(function (t) {
      t.style.fontSize = "";
      var length = t.getComputedTextLength();
      if (!length) return;  // not rendered (a hidden tab): left as drawn
      if (length > room) {
        var size = parseFloat(getComputedStyle(t).fontSize);
        t.style.fontSize = (size * room / length).toFixed(2) + "px";
        length = room;
      }
      var y = Math.min(Math.max((M.t + H - M.b) / 2, length / 2 + 2), H - length / 2 - 2);
      t.setAttribute("y", y.toFixed(1));
      t.setAttribute("transform", "rotate(-90 " + LABEL_X + " " + y.toFixed(1) + ")");
    });
    svg.querySelectorAll("text.minimum-text").forEach(function (t) {
      var x = +t.dataset.x, half = t.getComputedTextLength() / 2;
      if (!half) return;
      x = Math.min(Math.max(x, M.l + 3 + half), W - M.r - 3 - half);
      t.setAttribute("x", x.toFixed(1));
    });
  }
  Panel.prototype.clear = function () {
    while (this.plot.firstChild) this.plot.removeChild(this.plot.firstChild);
  };
  Panel.prototype.line = function (xs, ys, cls) {
    var sx = this.sx, sy = this.sy, pts = [];
    for (var i = 0; i < xs.length; i++) pts.push(sx(xs[i]).toFixed(1) + "," + sy(ys[i]).toFixed(1));
    return el("polyline", { points: pts.join(" "), class: cls }, this.plot);
  };
  Panel.prototype.dot = function (x, y, r, cls, parent) {
    return el("circle", { cx: this.sx(x).toFixed(1), cy: this.sy(y).toFixed(1), r: r, class: cls }, parent || this.plot);
  };
  // a five-pointed star of outer radius r (inner r * 0.4), the ★ of the legend
  Panel.prototype.star = function (x, y, r, cls) {
    var X = this.sx(x), Y = this.sy(y), pts = [];
    for (var k = 0; k < 10; k++) {
      var a = Math.PI * k / 5, s = k % 2 ? 0.4 * r : r;
      pts.push((X + s * Math.sin(a)).toFixed(1) + "," + (Y - s * Math.cos(a)).toFixed(1));
    }
    return el("polygon", { points: pts.join(" "), class: cls }, this.plot);
  };
  // a vertical line at x from the top of the plot down to y (by default, to the bottom)
  Panel.prototype.vline = function (x, cls, y) {
    var X = this.sx(x).toFixed(1), Y = y === undefined ? H - M.b : this.sy(y).toFixed(1);
    return el("line", { x1: X, x2: X, y1: M.t, y2: Y, class: cls }, this.plot);
  };
  // Ticks of a value axis from lo to hi: nice round values, each at its place, labelled with
  // the value (setRange's own ticks assume the y axis grows upwards).
  Panel.prototype.valueTicks = function (axis, lo, hi, count) {
    var g = this.axes, sx = this.sx, sy = this.sy;
    niceTicks(lo, hi, count).forEach(function (t) {
      var label = String(+t.toPrecision(6));
      if (axis === "x") {
        el("line", { x1: sx(t), x2: sx(t), y1: H - M.b, y2: H - M.b + 4 }, g);
        el("text", { x: sx(t), y: H - M.b + TICK_X, "text-anchor": "middle" }, g).textContent = label;
      } else {
        el("line", { x1: M.l - 4, x2: M.l, y1: sy(t), y2: sy(t) }, g);
        el("text", { x: M.l - 6, y: sy(t) + TICK_Y, "text-anchor": "end" }, g).textContent = label;
      }
    });
  };
  Panel.prototype.note = function (x, y, text, cls, anchor) {
    var t = el("text", { x: x, y: y, class: cls || "", "text-anchor": anchor || "start" }, this.plot);
    t.textContent = text;
    return t;
  };

  // The fixed part of a loss panel: the curve, its minimum, and the minimum's label UNDER the
  // curve's lowest point, in a margin kept free for it: a point on the curve never meets it.
  // topRoom (units of the viewBox, optional): a band as free above the curve's highest point,
  // for a note written along the frame's top (the explorer's "current w = ..., L = ...":
  // at 375 px it lay on the curve's plateau at small w, review r36)
  function drawLossCurve(panel, c, data, L, star, topRoom) {
    // the margin under the lowest point: 2.6 of the top's 8 %, 3.6 on a phone, where the
    // label's 12-unit text touched the frame's bottom edge
    var c0 = Math.min.apply(null, c.curve), c1 = Math.max.apply(null, c.curve), cp = 0.08 * (c1 - c0);
    var below = (PHONE ? 3.6 : 2.6) * cp, plotH = H - M.t - M.b, above = cp;
    if (topRoom) {  // the range that puts c1 topRoom units under the frame's top
      above = Math.max(cp, (c1 - c0 + below) * topRoom / (plotH - topRoom));
    }
    panel.setRange(data.w_min, data.w_max, c0 - below, c1 + above);
    panel.plot = el("g", {}, panel.svg);
    panel.line(c.ws, c.curve, "curve");
    if (!star) panel.dot(c.ws[c.best], c.curve[c.best], 4, "minimum");
    var label = panel.note(panel.sx(c.ws[c.best]), panel.sy(c.curve[c.best]) + 18,
      L.minimum + " w ≈ " + fmt(c.ws[c.best]), "minimum-text", "middle");
    label.dataset.x = panel.sx(c.ws[c.best]);  // where it would be centred (fitLabels)
    var moving = panel.plot = el("g", {}, panel.svg);
    if (star) {  // on top of the moving layer: a path may stop right at the minimum
      panel.plot = el("g", {}, panel.svg);
      panel.star(c.ws[c.best], c.curve[c.best], 7, "minimum");
      panel.plot = moving;
    }
    return [c0 - below, c1 + above];
  }

  function Explorer(root) {
    var data = JSON.parse(root.querySelector(".attn-explorer-data").textContent);
    var L = data.labels, xs = data.x_train, ys = data.y_train, xq = data.x_test, yt = data.y_truth;
    var lo = Math.log10(data.w_min), hi = Math.log10(data.w_max);
    var step = (hi - lo) / (data.w_steps - 1);
    var self = this, w = data.w, weights = [], fit = [];

    // the control: log10(w) on a range input, w, the bandwidth and the loss printed beside it
    var ui = html("div", "attn-explorer-ui", null);
    var controls = html("div", "attn-explorer-controls", ui);
    var label = html("label", null, controls);
    html("span", "attn-explorer-name", label, L.w + " ");
    var input = html("input", null, label);
    input.type = "range";
    input.setAttribute("aria-label", L.w_name);
    input.min = lo;
    input.max = hi;
    input.step = step.toFixed(6);
    var wOut = html("output", "attn-explorer-w", controls);
    var hOut = html("output", "attn-explorer-h", controls);
    // the loss too: on a phone the pinned controls cover the loss panel's note as it scrolls
    var lOut = html("output", "attn-explorer-l", controls);
    var grid = html("div", "attn-explorer-grid", ui);
    var pFit = new Panel(grid, L.fit, L.x, L.y, false, [["— " + L.truth, "truth-key"],
      ["- - " + L.prediction, "prediction-key"], ["● " + L.train, "point-key"]]);
    var pBump = new Panel(grid, L.bumps, L.keys, L.weight, false, data.queries.map(function (i, n) {
      return ["┆ " + L.query + " x = " + xq[i].toFixed(1), "q" + n + "-key"];
    }));
    var pMap = new Panel(grid, L.heatmap, L.keys, L.queries, false);
    // on a phone the short y title, as the static picture's phone layout (the full one was
    // taller than the panel)
    var pLoss = new Panel(grid, L.loss, L.w_axis, PHONE ? L.loss_axis_narrow : L.loss_axis, true);

    // fixed parts: data ranges, training points, truth, the leave-one-out curve
    var yAll = ys.concat(yt), y0 = Math.min.apply(null, yAll), y1 = Math.max.apply(null, yAll);
    var pad = 0.08 * (y1 - y0), xMax = Math.max(xq[xq.length - 1], xs[xs.length - 1]);
    pFit.setRange(0, xMax, y0 - pad, y1 + pad);
    // the bumps' x axis starts a little left of the first query or key, as the static figure's
    // does (matplotlib's 5 % margin): the dotted line of the query x = 0 lay on the y axis
    var bumpX0 = Math.min(0, xs[0], Math.min.apply(null, data.queries.map(function (i) { return xq[i]; })));
    bumpX0 -= 0.05 * (xMax - bumpX0);
    var fixed = el("g", {}, pFit.svg);
    pFit.plot = fixed;
    xs.forEach(function (x, i) { pFit.dot(x, ys[i], 2, "point"); });
    pFit.line(xq, yt, "truth");
    pFit.plot = el("g", {}, pFit.svg);
    var curve = lossCurve(xs, ys, data);
    // the minimum a star, as in every figure; above the curve a band for the current w's note
    // (its baseline NOTE_Y under the frame's top, and its descenders)
    drawLossCurve(pLoss, curve, data, L, true, NOTE_Y + 6);

    // the heatmap: a small canvas, its opacity the weight / the largest weight, stretched over
    // the panel as one image. (One SVG rect per cell was 2,500 elements, a third of the page,
    // for the browser to style and lay out.) Axes in input values, as the figure without
    // JavaScript draws them: columns the keys, rows the queries from the first (top) to the
    // last, each cell where its key and its query lie: from halfway to the input before it to
    // halfway to the next (the keys are random training inputs, unevenly spaced: one pixel per
    // key, spaced evenly, drew a key up to 0.48 from its place). The key axis starts where the
    // queries do (0 on the chapter's data), so both are ticked from there, with a blank strip
    // before the first key.
    function cellEdges(v) {
      var n = v.length, e = [], i;
      if (n < 2) return [v[0] - 0.5, v[0] + 0.5];
      e.push(v[0] - (v[1] - v[0]) / 2);
      for (i = 1; i < n; i++) e.push((v[i - 1] + v[i]) / 2);
      e.push(v[n - 1] + (v[n - 1] - v[n - 2]) / 2);
      return e;
    }
    // for each of `count` pixels across edges[0]..edges[n], the cell its centre falls in
    function cellOfPixel(edges, count) {
      var out = [], j = 0, n = edges.length - 1, p, at;
      for (p = 0; p < count; p++) {
        at = edges[0] + (p + 0.5) * (edges[n] - edges[0]) / count;
        while (j < n - 1 && at >= edges[j + 1]) j++;
        out.push(j);
      }
      return out;
    }
    var nq = xq.length, nk = xs.length, xe = cellEdges(xs), ye = cellEdges(xq);
    var k0 = Math.min(xe[0], xq[0]);
    pMap.setRange(k0, xe[nk], ye[nq], ye[0]);
    pMap.axes.querySelectorAll("line, text:not(.label)").forEach(function (t) { t.remove(); });
    pMap.valueTicks("x", k0, xe[nk], 5);
    pMap.valueTicks("y", xq[0], xq[nq - 1], 5);
    var CW = 4 * nk, CH = 4 * nq, keyOf = cellOfPixel(xe, CW), queryOf = cellOfPixel(ye, CH);
    var canvas = document.createElement("canvas");
    canvas.width = CW;
    canvas.height = CH;
    var pen = canvas.getContext("2d"), pixels = pen.createImageData(CW, CH);
    var heat = el("image", { x: pMap.sx(xe[0]), y: pMap.sy(ye[0]),
      width: pMap.sx(xe[nk]) - pMap.sx(xe[0]), height: pMap.sy(ye[nq]) - pMap.sy(ye[0]),
      preserveAspectRatio: "none", class: "cells" }, pMap.svg);
    // the colour key, in the panel's legend line above the plot: 0, a strip from no colour to
    // the full accent colour (the cells' own opacity ramp), and the largest weight
    var mapKey = pMap.key("", "map-key");
    html("span", null, mapKey, "0");
    html("span", "map-key-bar", mapKey).setAttribute("aria-hidden", "true");
    var mapNote = html("span", "map-key-max", mapKey);

    function update(newW) {
      w = newW;
      weights = xq.map(function (q) { return softmaxRow(q, xs, w, -1); });
      fit = weights.map(function (row) { return dot(row, ys); });
      var loss = looLoss(xs, ys, w);
      input.value = Math.log10(w);
      // read aloud at each move: w, the loss, and "the minimum" on the curve's lowest grid point
      var atMinimum = Math.abs(Math.log10(w) - Math.log10(curve.ws[curve.best])) < step / 2;
      input.setAttribute("aria-valuetext", words(atMinimum ? L.value_text_minimum : L.value_text,
        { w: fmt(w), loss: loss.toFixed(2) }));
      wOut.textContent = "w = " + fmt(w);
      hOut.textContent = L.bandwidth + " = " + fmt(1 / Math.abs(w));
      lOut.textContent = "L = " + loss.toFixed(2);
      root.dataset.w = String(w);
      root.dataset.loo = String(loss);

      pFit.clear();
      pFit.line(xq, fit, "prediction");
      pBump.clear();
      var top = 0;
      data.queries.forEach(function (i) { weights[i].forEach(function (v) { if (v > top) top = v; }); });
      pBump.setRange(bumpX0, xMax, 0, top * 1.1);
      data.queries.forEach(function (i, n) {
        pBump.vline(xq[i], "query q" + n);
        pBump.line(xs, weights[i], "bump q" + n);
      });
      var max = 0;
      weights.forEach(function (row) { row.forEach(function (v) { if (v > max) max = v; }); });
      var rgb = getComputedStyle(heat).color.match(/\d+/g).map(Number);  // the accent colour
      for (var rr = 0; rr < CH; rr++) {
        var row = weights[queryOf[rr]];
        for (var cc = 0; cc < CW; cc++) {
          var i = 4 * (rr * CW + cc);
          pixels.data[i] = rgb[0];
          pixels.data[i + 1] = rgb[1];
          pixels.data[i + 2] = rgb[2];
          pixels.data[i + 3] = Math.round(255 * row[keyOf[cc]] / max);
        }
      }
      pen.putImageData(pixels, 0, 0);
      heat.setAttribute("href", canvas.toDataURL());
      mapNote.textContent = "max = " + max.toFixed(3);
      pLoss.clear();
      pLoss.vline(w, "current", loss);  // down to the curve: above the minimum's label
      pLoss.dot(w, loss, 4, "current-dot");
      // beside the line, on the side with room in the panel (measured: an English note is longer
      // than a Chinese one, and ran past the edge just right of the minimum); on a phone's panel
      // it may fit on neither side: then inside the panel, across the line
      var X = pLoss.sx(w), right = X > (M.l + W - M.r) / 2;
      var note = pLoss.note(X + 4, M.t + NOTE_Y, words(L.current_note, { w: fmt(w), loss: loss.toFixed(2) }),
        "current-text", "start");
      var len = note.getComputedTextLength(), fitsRight = X + 4 + len <= W - 2;
      if ((right || !fitsRight) && X - 4 - len >= 2) {
        note.setAttribute("x", X - 4);
        note.setAttribute("text-anchor", "end");
      } else if (!fitsRight) {
        note.setAttribute("x", Math.max(2, W - 2 - len));
      }
      var state = { w: fmt(w), h: fmt(1 / Math.abs(w)), loss: loss.toFixed(2),
        max: max.toFixed(3), best: fmt(curve.ws[curve.best]) };
      pFit.describe(words(L.fit_alt, state));
      pBump.describe(words(L.bumps_alt, state));
      pMap.describe(words(L.heatmap_alt, state));
      pLoss.describe(words(L.loss_alt, state));
    }

    input.addEventListener("input", function () { update(Math.pow(10, parseFloat(input.value))); });
    root.insertBefore(ui, root.firstChild);
    fitAll(ui);
    root.classList.add("is-live");
    // Material's "back to top" pill shows below the pinned controls (explorer.css), which
    // are one row or two depending on the width: their height, whenever it changes (at
    // insertion they are still one row on a phone)
    function pinned() {
      document.documentElement.style.setProperty("--attn-pinned-height", controls.offsetHeight + "px");
    }
    pinned();
    if (window.ResizeObserver) new ResizeObserver(pinned).observe(controls);
    else window.addEventListener("resize", pinned);
    update(w);

    self.setW = function (v) { update(v); return self.state(); };
    self.w = function () { return w; };
    self.fit = function () { return fit.slice(); };
    self.weights = function () { return weights.map(function (row) { return Array.from(row); }); };
    self.loo = function (v) { return looLoss(xs, ys, v === undefined ? w : v); };
    self.state = function () { return { w: w, fit: self.fit(), loo: self.loo() }; };
  }

  // The SGD stepper: one full-batch SGD step per press on the summed leave-one-out loss,
  // with w or u = log w as the parameter (w = e^u, dL/du = w dL/dw), the steps of
  // attention_tutorial.training_paths.w_path. Every control is a real <button> or <input>.
  var stepperCount = 0;
  // A gradient: 4 decimals and a real minus, as the page's Python prints it; below 1e-3 (or
  // from 1e5) 3 significant digits with an exponent; an exact 0 is "0".
  function num(v) {
    var a = Math.abs(v);
    if (a === 0) return "0";
    var s = a >= 1e-3 && a < 1e5 ? v.toFixed(4) : v.toExponential(2);
    return s.replace(/^-/, "\u2212");
  }
  function numW(v) {  // w with 4 decimals, as the page's Python prints it
    var a = Math.abs(v);
    return a === 0 || (a >= 1e-3 && a < 1e5) ? v.toFixed(4) : v.toExponential(4);
  }

  function words(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, k) { return values[k]; });
  }
  // words() into a node, each "name = value" named in `whole` kept on one line
  function fill(node, text, values, whole) {
    var re = /((?:\{\w+\}|[\w/()]+) = )?\{(\w+)\}/g, at = 0, m;
    function put(part) { node.appendChild(document.createTextNode(words(part, values))); }
    node.textContent = "";
    while ((m = re.exec(text))) {
      if (whole.indexOf(m[2]) < 0) continue;
      put(text.slice(at, m.index));
      html("span", "attn-nowrap", node, words(m[0], values));
      at = re.lastIndex;
    }
    put(text.slice(at));
  }

  function Stepper(root) {
    var data = JSON.parse(root.querySelector(".attn-explorer-data").textContent);
    var L = data.labels, xs = data.x_train, ys = data.y_train, lrs = data.lrs;
    var self = this, id = "attn-stepper-" + (++stepperCount);
    var lr = data.lr, logW = data.log_w, param = 0, rows = [], stopped = "";

    var ui = html("div", "attn-stepper-ui", null);
    var controls = html("div", "attn-stepper-controls", ui);
    var lrBox = html("div", "attn-stepper-lr", controls);
    var lrLabel = html("label", null, lrBox, L.lr);
    lrLabel.htmlFor = id + "-lr";
    var lrInput = html("input", null, lrBox);
    lrInput.type = "range";
    lrInput.id = id + "-lr";
    lrInput.min = 0;
    lrInput.max = lrs.length - 1;
    lrInput.step = 1;
    lrInput.title = L.lr_name;
    var lrOut = html("output", "attn-stepper-lr-value", lrBox);
    lrOut.setAttribute("for", lrInput.id);
    var field = html("fieldset", "attn-stepper-param", controls);
    html("legend", null, field, L.parameter);
    var radios = [false, true].map(function (isLog) {
      var label = html("label", null, field);
      var radio = html("input", null, label);
      radio.type = "radio";
      radio.name = id + "-param";
      radio.value = isLog ? "log" : "w";
      label.appendChild(document.createTextNode(isLog ? " log w" : " w"));
      radio.addEventListener("change", function () { if (radio.checked) configure(lr, isLog); });
      return radio;
    });
    var buttons = html("div", "attn-stepper-buttons", controls);
    var stepButton = html("button", "md-button md-button--primary", buttons, L.step);
    var resetButton = html("button", "md-button", buttons, L.reset);
    stepButton.type = resetButton.type = "button";
    // what a change of the slider or the parameter does, beside them (round 26: under the chart,
    // it was read only after a run had been wiped out)
    var note = html("p", "attn-stepper-note", controls, L.restart);
    note.id = id + "-note";
    [lrInput].concat(radios).forEach(function (input) { input.setAttribute("aria-describedby", note.id); });
    var readout = html("output", "attn-stepper-readout", ui);
    readout.setAttribute("aria-live", "polite");
    readout.id = id + "-readout";
    // on a phone the y axis' title in short: in full it was taller than the plot (round 26)
    var panel = new Panel(ui, L.title, L.w_axis, PHONE ? L.loss_axis_narrow : L.loss_axis, true, [
      ["■ " + L.start, "start-key"], ["● " + L.path, "path-key"], ["● " + L.current, "current-key"],
      ["◌ " + words(L.chapter_end, { k: data.steps }), "chapter-key"], ["★ " + L.minimum, "minimum-key"]]);
    // the entries of marks that come with the steps, shown only while their marks are drawn
    var pathKey = panel.legend.querySelector(".path-key");
    var chapterKey = panel.legend.querySelector(".chapter-key");
    // what the chart shows; its state is the readout's sentence
    panel.describe(words(L.alt, { lr: data.lr, param: data.log_w ? "log w" : "w", k: data.steps }));
    panel.svg.setAttribute("aria-describedby", readout.id);
    var lc = lossCurve(xs, ys, data), curveBest = [lc.ws[lc.best], lc.curve[lc.best]];
    var yRange = drawLossCurve(panel, lc, data, L, true);
    // the current point and the start square above the curve, the star moved on top at each
    // draw (round 24: at the minimum the dot hid it; the dot grows round it there)
    var star = panel.svg.querySelector("polygon.minimum");
    var topLayer = el("g", { class: "attn-stepper-top" }, panel.svg);
    // the table in a box of its own, which scrolls if the table is wider than the column
    var table = html("table", "attn-stepper-log", html("div", "attn-stepper-log-box", ui));
    var head = html("tr", null, html("thead", null, table));
    var gradHead = null;
    [L.step_col, "w", L.gradient, L.loss].forEach(function (text, k) {
      var th = html("th", null, head, text);
      th.scope = "col";
      if (k === 2) gradHead = th;
    });
    var body = html("tbody", null, table);

    function point(w, loss) {  // |w| and the loss, held inside the panel
      var x = Math.min(Math.max(Math.abs(w), data.w_min), data.w_max);
      return [x, Math.min(Math.max(loss, yRange[0]), yRange[1])];
    }
    function at(w) {
      var r = looLossGrad(xs, ys, w);
      return { w: w, grad: logW ? w * r.grad : r.grad, loss: r.loss };
    }
    function near(a, b) {  // less than 8 chart units apart
      return Math.hypot(panel.sx(a[0]) - panel.sx(b[0]), panel.sy(a[1]) - panel.sy(b[1])) < 8;
    }
    function gradName() { return logW ? "dL/d(log\u00a0w)" : "dL/dw"; }

    function draw() {
      var last = rows[rows.length - 1], k = rows.length - 1;
      var atChapter = lr === data.lr && logW === data.log_w;  // the page's settings
      panel.clear();
      var pts = rows.map(function (r) { return point(r.w, r.loss); });
      panel.line(pts.map(function (p) { return p[0]; }), pts.map(function (p) { return p[1]; }), "path");
      pts.forEach(function (p, i) { if (i > 0) panel.dot(p[0], p[1], 2.5, "step-dot"); });
      // the chapter's step ringed at the chapter's settings only, where the table marks its row
      // too: in another run "the chapter's step" was some other w (round 26)
      var ringed = atChapter && rows.length > data.steps;
      // an entry of the legend only once its mark is on the chart: the earlier steps' dots from
      // step 2 on (step 1's lies under the current dot), the ring with it (round 26)
      pathKey.hidden = k < 2;
      chapterKey.hidden = !ringed;
      if (ringed) {
        var c = pts[data.steps], cx = panel.sx(c[0]), right = cx > (M.l + W - M.r) / 2;
        el("line", { x1: cx.toFixed(1), x2: cx.toFixed(1), y1: M.t, y2: panel.sy(c[1]).toFixed(1), class: "chapter-line" }, panel.plot);
        // dotted (◌), unlike step 0's solid disc; outside the grown disc at the minimum
        panel.dot(c[0], c[1], near(c, curveBest) ? 11.5 : 7, "chapter-ring");
        panel.note(cx + (right ? -4 : 4), M.t + 12, words(L.step_n, { k: data.steps }),
          "chapter-text", right ? "end" : "start");  // the legend says what the ring means
      }
      // the current w, then the start square on top, on a patch of the page's colour (its
      // own is translucent); at step 0 the dot is a larger disc round it (rounds 21-22)
      var p = pts[k];
      while (topLayer.firstChild) topLayer.removeChild(topLayer.firstChild);
      panel.dot(p[0], p[1], k ? (near(p, curveBest) ? 8.5 : 4.5) : 9.5, "current-dot", topLayer);
      var X = panel.sx(pts[0][0]), Y = panel.sy(pts[0][1]), under = k ? 4 : 5.5;  // a frame at 0
      el("rect", { x: (X - under).toFixed(1), y: (Y - under).toFixed(1), width: 2 * under, height: 2 * under, class: "start-under" }, topLayer);
      el("rect", { x: (X - 4).toFixed(1), y: (Y - 4).toFixed(1), width: 8, height: 8, class: "start" }, topLayer);
      if (star) {
        topLayer.appendChild(star);
        // its halo only where a point of the path lies under it: elsewhere the halo cut a gap
        // in the loss curve (round 26)
        star.toggleAttribute("data-over-path", pts.some(function (q) { return near(q, curveBest); }));
      }
      var notes = [];
      if (last.w < 0) notes.push(L.negative);
      if (Math.abs(last.w) < data.w_min || Math.abs(last.w) > data.w_max) notes.push(L.off_chart);
      fill(readout, L.readout + (stopped ? "{stopped}" : ""), {
        step: k ? words(L.step_n, { k: k }) : L.start, w: numW(last.w), grad_name: gradName(),
        grad: num(last.grad), loss: last.loss.toFixed(2), stopped: L.sentence_sep + stopped,
        notes: notes.length ? words(L.notes, { notes: notes.join(L.note_sep) }) : "" },
        ["w", "grad_name", "grad", "loss"]);
      gradHead.textContent = L.gradient + " ";
      html("span", "attn-nowrap", gradHead, gradName());  // "dL/d(log w)" on one line
      while (body.firstChild) body.removeChild(body.firstChild);
      var shown = -1;
      rows.forEach(function (r, i) {
        // the start (its first gradient), the chapter's step and the last 8 rows
        if (i > 0 && i < rows.length - 8 && i !== data.steps) return;
        if (i > shown + 1) {  // rows left out: a row of "⋯" says so
          var cell = html("td", null, html("tr", "is-gap", body), "⋯");
          cell.colSpan = 4;
          cell.setAttribute("aria-label", words(L.elided, { a: shown + 1, b: i - 1 }));
        }
        shown = i;
        // marked only at the chapter's settings (round 23)
        var tr = html("tr", atChapter && i === data.steps ? "is-chapter" : null, body);
        if (atChapter && i === data.steps) {  // short to stay on one line; read aloud in full ("◯" says nothing)
          // the words once: the tooltip on the hidden mark, not the cell (round 22)
          var said = words(L.chapter_end, { k: i }), chapter = html("td", null, tr);
          var mark = html("span", "attn-chapter-mark", chapter, i + L.chapter_short);
          mark.setAttribute("aria-hidden", "true");
          mark.title = said;
          html("span", "attn-visually-hidden", chapter, said);
        } else html("td", null, tr, String(i));
        [numW(r.w), num(r.grad), r.loss.toFixed(2)].forEach(function (v) { html("td", null, tr, v); });
      });
      stepButton.setAttribute("aria-disabled", stopped ? "true" : "false");
      root.dataset.w = String(last.w);
      root.dataset.steps = String(k);
    }
    function reset() {
      param = logW ? Math.log(data.w0) : data.w0;
      rows = [at(data.w0)];
      stopped = "";
      draw();
    }
    function step() {
      if (stopped) return;
      param -= lr * rows[rows.length - 1].grad;  // torch.optim.SGD: p <- p - lr * grad
      var w = logW ? Math.exp(param) : param;
      // The page computes in float64, the package in float32: w_path raises where w leaves
      // float32's range (beyond 3.4028235e38, where float32 rounds it to inf), so stop there.
      // named by its number: the readout above it still shows the last finite w
      if (!isFinite(Math.fround(w))) stopped = words(L.diverged, { k: rows.length });
      else {
        rows.push(at(w));
        if (rows.length > data.max_steps) stopped = words(L.last_step, { k: data.max_steps });
      }
      draw();
    }
    function configure(newLr, newLog) {
      lr = newLr;
      logW = newLog;
      lrInput.value = lrs.indexOf(lr);
      lrInput.setAttribute("aria-valuetext", "lr = " + lr);
      lrOut.textContent = "lr = " + lr;
      radios[0].checked = !logW;
      radios[1].checked = logW;
      reset();
    }

    lrInput.addEventListener("input", function () { configure(lrs[+lrInput.value], logW); });
    stepButton.addEventListener("click", step);
    resetButton.addEventListener("click", reset);
    root.insertBefore(ui, root.firstChild);
    fitAll(ui);
    root.classList.add("is-live");
    configure(lr, logW);

    self.configure = function (newLr, newLog) { configure(newLr, newLog); return self.rows(); };
    self.step = function (n) { for (var i = 0; i < (n || 1); i++) step(); return self.rows(); };
    self.reset = function () { reset(); return self.rows(); };
    self.rows = function () { return rows.map(function (r) { return { w: r.w, grad: r.grad, loss: r.loss }; }); };
    self.lr = function () { return lr; };
    self.logW = function () { return logW; };
  }

  function init() {
    document.querySelectorAll(".attn-explorer:not(.is-live)").forEach(function (root) {
      root.classList.toggle("is-phone", PHONE);
      try {
        if (root.classList.contains("attn-stepper")) root.attnStepper = new Stepper(root);
        else root.attnExplorer = new Explorer(root);
      } catch (err) {
        root.classList.remove("is-live");
        throw err;
      }
    });
  }
  if (typeof document$ !== "undefined") document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
