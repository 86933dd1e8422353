import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { MenuHeading, MenuItem } from "../ui/Menu";
import { readStored, writeStored } from "../storage";

type Theme = "system" | "light" | "dark";

export function applyTheme(theme: Theme) {
  if (theme === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  writeStored("active-theme", theme === "system" ? undefined : theme);
}

export function ThemeMenuItems() {
  const [theme, setTheme] = useState<Theme>(readStored<Theme>("active-theme") ?? "system");
  return (
    <>
      <MenuHeading>
        <FormattedMessage id="nav.theme" />
      </MenuHeading>
      {(["system", "light", "dark"] as const).map((value) => (
        <MenuItem
          key={value}
          checked={theme === value}
          onSelect={() => {
            applyTheme(value);
            setTheme(value);
          }}
        >
          <FormattedMessage id={`nav.theme.${value}`} />
        </MenuItem>
      ))}
    </>
  );
}
