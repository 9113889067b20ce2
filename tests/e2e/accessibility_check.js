// The accessibility check tests/e2e/accessibility.py runs in the page.
// Returns the problems found, each naming its element.
() => {
  const problems = [];
  const where = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.name ? '[name=' + el.name + ']' : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '');
  const visible = (el) => !el.closest('[hidden]') && el.getClientRects().length > 0;
  const named = (el) => {
    if ((el.getAttribute('aria-label') || '').trim()) return true;
    const by = el.getAttribute('aria-labelledby');
    if (by && by.split(/\s+/).every((id) => document.getElementById(id))) return true;
    if (el.labels && Array.from(el.labels).some((label) => label.textContent.trim())) return true;
    if ((el.getAttribute('title') || '').trim()) return true;
    return false;
  };
  if (!document.documentElement.lang) problems.push('html: no lang');
  document.querySelectorAll('input, select, textarea').forEach((el) => {
    if (el.type === 'hidden' || !visible(el)) return;
    if (['submit', 'button', 'reset'].includes(el.type)) return;
    if (!named(el)) problems.push(where(el) + ': a field without a label');
  });
  document.querySelectorAll('[aria-describedby], [aria-labelledby]').forEach((el) => {
    ['aria-describedby', 'aria-labelledby'].forEach((attribute) => {
      (el.getAttribute(attribute) || '').split(/\s+/).filter(Boolean).forEach((id) => {
        if (!document.getElementById(id)) problems.push(where(el) + ': ' + attribute + ' names a missing #' + id);
      });
    });
  });
  document.querySelectorAll('img').forEach((el) => {
    if (!el.hasAttribute('alt')) problems.push(where(el) + ': an image without alt');
  });
  document.querySelectorAll('button, a[href], [role=button]').forEach((el) => {
    if (!visible(el)) return;
    const text = (el.textContent || '').trim() || el.getAttribute('aria-label') || el.getAttribute('title');
    if (!text) problems.push(where(el) + ': a button or link without a name');
  });
  const seen = {};
  document.querySelectorAll('[id]').forEach((el) => {
    if (seen[el.id]) problems.push('#' + el.id + ': the id is used twice');
    seen[el.id] = true;
  });
  document.querySelectorAll('.has-error input, .has-error select, .has-error textarea').forEach((el) => {
    if (el.type !== 'hidden' && el.getAttribute('aria-invalid') !== 'true') problems.push(where(el) + ': an error not marked aria-invalid');
  });
  const first = document.querySelector('a[href], button, input:not([type=hidden]), select, textarea');
  const target = first && first.getAttribute('href') && first.getAttribute('href').startsWith('#')
    ? document.getElementById(first.getAttribute('href').slice(1)) : null;
  if (!first || !first.classList.contains('skip-link') || !target) problems.push('no skip link to the content first');
  return problems;
}
