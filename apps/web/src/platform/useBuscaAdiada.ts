import { useEffect, useState } from 'react';

/** The search term a select sends, a moment after the user stops typing. */
export function useBuscaAdiada() {
  const [busca, setBusca] = useState('');
  const [termo, setTermo] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTermo(busca.trim()), 300);
    return () => clearTimeout(h);
  }, [busca]);
  return { termo, setBusca };
}
