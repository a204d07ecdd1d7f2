import { useCallback, useEffect, useRef } from 'react';

/**
 * A text that must be read to its end before it is accepted (spec §5 "term must be read to the
 * end"): a box that scrolls, by the keyboard too, and calls `aoLerTudo` once its bottom was
 * reached — at once for a text short enough to need no scrolling.
 */
export function TextoAteOFim({
  texto,
  rotulo,
  testId,
  aoLerTudo,
}: {
  texto: string;
  rotulo: string;
  testId: string;
  aoLerTudo: () => void;
}) {
  const caixa = useRef<HTMLDivElement>(null);
  const conferirFim = useCallback(() => {
    const c = caixa.current;
    if (c && c.scrollTop + c.clientHeight >= c.scrollHeight - 4) aoLerTudo();
  }, [aoLerTudo]);
  useEffect(conferirFim, [conferirFim]);
  return (
    <div
      ref={caixa}
      onScroll={conferirFim}
      data-testid={testId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      role="document"
      aria-label={rotulo}
      style={{
        maxHeight: '50vh',
        overflowY: 'auto',
        whiteSpace: 'pre-wrap',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        padding: 12,
      }}
    >
      {texto}
    </div>
  );
}
