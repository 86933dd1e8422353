import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import type { Locale } from "../domain/locale";
import { writeStored } from "../storage";
import { detectLocale, loadMessages, type Messages } from "./locale";

interface LocaleControl {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleControl>({ locale: "en", setLocale: () => {} });

export const useLocale = () => useContext(LocaleContext);

export function I18nProvider(props: { children: ReactNode; initial: { locale: Locale; messages: Messages } }) {
  const [state, setState] = useState(props.initial);

  useEffect(() => {
    document.documentElement.lang = state.locale;
  }, [state.locale]);

  const setLocale = useCallback((locale: Locale) => {
    writeStored("user-language", locale);
    void loadMessages(locale).then((messages) => setState({ locale, messages }));
  }, []);

  return (
    <LocaleContext.Provider value={{ locale: state.locale, setLocale }}>
      <IntlProvider locale={state.locale} messages={state.messages} defaultLocale="en">
        {props.children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export async function initialLocale() {
  const locale = detectLocale();
  return { locale, messages: await loadMessages(locale) };
}
