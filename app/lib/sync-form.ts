/**
 * Puts a GET form's uncontrolled inputs in line with the URL's query after a navigation the form
 * did not make itself (back, forward, a "clear all" link). The input being typed in is left alone.
 * Range inputs marked data-mirror="<name>" follow the field of that name.
 */
export function syncFormWithQuery(form: HTMLFormElement, query: URLSearchParams, focused: Element | null) {
  for (const element of Array.from(form.elements)) {
    if (element === focused) continue;
    if (element instanceof HTMLInputElement) {
      if (element.type === "checkbox") element.checked = query.getAll(element.name).includes(element.value);
      else if (element.type === "range" && element.dataset.mirror) {
        const fallback = element.dataset.mirror.endsWith("_min") ? element.min : element.max;
        element.value = query.get(element.dataset.mirror) || fallback;
      } else if (element.name) element.value = query.get(element.name) ?? "";
    } else if (element instanceof HTMLSelectElement && element.name) {
      element.value = query.get(element.name) ?? element.options[0]?.value ?? "";
      // A value it does not offer (a bad or stale link, which the page ignores): the default.
      if (element.selectedIndex === -1) element.selectedIndex = 0;
    }
  }
}

/**
 * Whether the visitor changed a field of the form since the server rendered it (while the page's
 * scripts were still loading), leaving out the field they are still typing in. The rendered
 * state is the field's default: its value, checked or selected attribute.
 */
export function changedSinceRender(form: HTMLFormElement, focused: Element | null): boolean {
  return Array.from(form.elements).some((element) => {
    if (element === focused) return false;
    if (element instanceof HTMLInputElement) {
      if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
      return element.name !== "" && element.value !== element.defaultValue;
    }
    if (element instanceof HTMLSelectElement) {
      // The selected attribute is what defaultSelected reflects.
      const rendered = Array.from(element.options).find((o) => o.hasAttribute("selected")) ?? element.options[0];
      return rendered !== undefined && element.value !== rendered.value;
    }
    return false;
  });
}
