import { useCallback, useEffect, useState } from "react";
import { useMatch, useRouterState } from "@tanstack/react-router";
import type { ObjectType, SchemaModel } from "../../domain/model";
import { useNavigateHere } from "../../router/useNavigateHere";

function decodeHash(hash: string) {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/**
 * The selected type, kept in the URL hash by name (spec §2), as the data view does. Inside the
 * editor the selection follows the type's id, so renaming it (even to a duplicate name) keeps
 * it selected and moves the hash along.
 */
export function useSelectedType(model: SchemaModel): [ObjectType | undefined, (id: string) => void] {
  const navigate = useNavigateHere();
  const hash = decodeHash(useRouterState({ select: (state) => state.location.hash }));
  // While the user leaves for another screen the editor is still drawn at the new address: that
  // hash is the next screen's (the data view reads its table from it), not a type to select or set.
  const ownPath = useMatch({ strict: false, select: (match) => match.pathname });
  const here = useRouterState({ select: (state) => state.location.pathname }) === ownPath;
  const [selectedId, setSelectedId] = useState(() => model.objectTypes.find((type) => type.name === hash)?.id);
  const selected = model.objectTypes.find((type) => type.id === selectedId) ?? model.objectTypes[0];

  // The hash changed from outside (a link, back/forward): follow it when it names another type.
  useEffect(() => {
    if (!here || !hash || selected?.name === hash) return;
    const named = model.objectTypes.find((type) => type.name === hash);
    if (named) setSelectedId(named.id);
  }, [hash]);

  // The selected type's name is the hash, also after a rename or when the first type is shown.
  const name = selected?.name ?? "";
  useEffect(() => {
    if (here && name !== hash) void navigate({ hash: name, search: true, replace: true, resetScroll: false });
  }, [name]);

  const select = useCallback(
    (id: string) => {
      setSelectedId(id);
      const type = model.objectTypes.find((candidate) => candidate.id === id);
      if (type) void navigate({ hash: type.name, search: true, resetScroll: false });
    },
    [model, navigate],
  );
  return [selected, select];
}
