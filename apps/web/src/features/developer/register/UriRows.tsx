import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fieldError } from '@/lib/messages';

export interface UriRow {
  id: number;
  value: string;
}

/** The words of one list of URI rows (redirect URIs, post-logout redirect URIs). */
export interface UriRowsTexts {
  legend: ReactNode;
  hint: string;
  placeholder: string;
  rowLabel(n: number): string;
  removeLabel(n: number): string;
  add: string;
}

/** Rows of URIs: add, and remove only while more than one row exists. */
export function UriRows({
  id,
  rows,
  error,
  texts,
  onChange,
}: {
  /** Prefixes the element ids (two lists can share a page). */
  id: string;
  rows: UriRow[];
  error: string | undefined;
  texts: UriRowsTexts;
  onChange(rows: UriRow[]): void;
}) {
  const errorId = `${id}-error`;
  const nextId = () => rows.reduce((max, r) => Math.max(max, r.id), 0) + 1;
  // Keyboard users keep their place: a new row takes focus, a removed row hands it to its neighbour.
  const container = useRef<HTMLDivElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    container.current?.querySelector<HTMLInputElement>(`[data-row="${focusRow.current}"]`)?.focus();
    focusRow.current = null;
  });
  const add = () => {
    const id = nextId();
    focusRow.current = id;
    onChange([...rows, { id, value: '' }]);
  };
  const remove = (index: number) => {
    const rest = rows.filter((_, i) => i !== index);
    focusRow.current = (rest[index] ?? rest[index - 1])?.id ?? null;
    onChange(rest);
  };
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{texts.legend}</legend>
      <p className="text-xs text-muted-foreground">{texts.hint}</p>
      <div ref={container} className="space-y-2 pt-1">
        {rows.map((row, index) => (
          <div key={row.id} className="flex items-start gap-2">
            <div className="flex-1">
              <Input
                type="url"
                inputMode="url"
                autoComplete="off"
                data-row={row.id}
                spellCheck={false}
                placeholder={texts.placeholder}
                aria-label={texts.rowLabel(index + 1)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={error ? 'border-destructive' : undefined}
                value={row.value}
                onChange={(e) =>
                  onChange(rows.map((r) => (r.id === row.id ? { ...r, value: e.target.value } : r)))
                }
              />
            </div>
            {rows.length > 1 ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={texts.removeLabel(index + 1)}
                onClick={() => remove(index)}
              >
                <Trash2 />
              </Button>
            ) : null}
          </div>
        ))}
      </div>
      <Button variant="outline" size="sm" onClick={add}>
        <Plus />
        {texts.add}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {fieldError(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
