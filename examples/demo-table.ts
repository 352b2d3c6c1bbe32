// A row of code cells in an example page's table (first cell a row header): shared by the
// tracking and order-attribution examples.
export function row(table: string, cells: string[]): void {
  const tr = document.createElement('tr');
  for (const [i, text] of cells.entries()) {
    const cell = document.createElement(i === 0 ? 'th' : 'td');
    if (i === 0) cell.setAttribute('scope', 'row');
    const code = document.createElement('code');
    code.textContent = text;
    cell.append(code);
    tr.append(cell);
  }
  document.querySelector(`${table} tbody`)!.append(tr);
}

/** Fills `table` with the name and value of every field `form` would submit. */
export function showFormData(table: string, form: HTMLFormElement): void {
  document.querySelector(`${table} tbody`)!.replaceChildren();
  for (const [name, value] of new FormData(form)) row(table, [name, String(value) || '(empty)']);
}
