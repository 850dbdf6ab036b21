import { useLingui } from '@lingui/react/macro';
import * as Toast from '@radix-ui/react-toast';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

export type ToastTone = 'success' | 'error';

interface ToastMessage {
  id: number;
  tone: ToastTone;
  text: string;
}

const ToastContext = createContext<(text: string, tone?: ToastTone) => void>(() => {});

/**
 * Short messages after an action: "Facture envoyée", or what went wrong in words. Radix Toast
 * announces them (role=status) and lets the keyboard reach them (F8).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const show = useCallback((text: string, tone: ToastTone = 'success') => {
    setMessages((current) => [...current, { id: Date.now() + Math.random(), tone, text }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider swipeDirection="right" label={t`Notification`}>
        {children}
        {messages.map((message) => (
          <Toast.Root
            key={message.id}
            type={message.tone === 'error' ? 'foreground' : 'background'}
            duration={message.tone === 'error' ? 8000 : 4000}
            onOpenChange={(open) => {
              if (!open) setMessages((current) => current.filter((other) => other.id !== message.id));
            }}
            className={`flex items-start justify-between gap-4 rounded-md px-4 py-3 shadow-lg ${
              message.tone === 'error' ? 'bg-red-800 text-white' : 'bg-slate-900 text-white'
            }`}
          >
            <Toast.Description>{message.text}</Toast.Description>
            <Toast.Close aria-label={t`Fermer`} className="rounded px-1 hover:bg-white/20">
              <span aria-hidden="true">✕</span>
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="fixed bottom-4 right-4 z-50 flex w-96 max-w-[90vw] flex-col gap-2 outline-none" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** `toast(text)` after a success, `toast(text, 'error')` after a failure. */
export function useToast() {
  return useContext(ToastContext);
}
