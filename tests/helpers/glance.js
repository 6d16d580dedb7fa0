/* What tests/test_proof_glance.py measures in a page: the things that must be in view, text
   under the smallest size, and anything wider than the window. Called with that size in px. */
(min) => {
  /* Wholly in view: inside the window and inside every ancestor box that clips it. */
  function inView(el) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    let top = 0, left = 0, bottom = innerHeight, right = innerWidth;
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const c = a.getBoundingClientRect();
        top = Math.max(top, c.top); left = Math.max(left, c.left);
        bottom = Math.min(bottom, c.bottom); right = Math.min(right, c.right);
      }
    }
    return r.top >= top - 1 && r.left >= left - 1 && r.bottom <= bottom + 1 && r.right <= right + 1;
  }
  function name(el) {
    const cls = (el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).join('.');
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (cls ? '.' + cls : '');
  }
  function shown(el) { return el.checkVisibility({visibilityProperty: true}); }
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('.sr-only, title, script, style, option') || !shown(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < min) small.push(name(el) + ' ' + size.toFixed(1) + 'px "' + text.slice(0, 40) + '"');
  }
  const wide = [];
  if (document.documentElement.scrollWidth > innerWidth) {
    document.querySelectorAll('body *').forEach((el) => {
      const r = el.getBoundingClientRect();
      if (r.right > innerWidth + 1 && shown(el)) wide.push(name(el) + ' right=' + Math.round(r.right));
    });
  }
  const out = [];
  const need = (label, el) => { if (el && shown(el) && !inView(el)) out.push(label + ' ' + name(el)); };
  if (document.getElementById('game')) {
    const title = document.getElementById('whatnow-title');
    if (!title) out.push('no What now');
    else if (!inView(title)) out.push('What now ' + name(title));
    document.querySelectorAll('#game .notice, #game .alert').forEach((el) => need('notice', el));
    document.querySelectorAll('#game .whatnow form button[type=submit]').forEach((el) => need('control', el));
    document.querySelectorAll('#game .crossroads-card h3').forEach((el) => need('crossroads card', el));
    document.querySelectorAll('#reveal[open] .reveal-buttons button').forEach((el) => need('reveal', el));
  }
  return {
    out, small: small.slice(0, 8), wide: wide.slice(0, 6),
    scrollWidth: document.documentElement.scrollWidth, innerWidth,
    state: [(document.querySelector('#game .whatnow') || {}).className || '',
      (document.querySelector('#colony-preview input[name=type]') || {}).value || ''].join(' ').trim(),
    reveal: !!document.querySelector('#reveal[open]'),
    now: ((document.querySelector('#phone .now-text') || {}).textContent || '').trim(),
  };
}
