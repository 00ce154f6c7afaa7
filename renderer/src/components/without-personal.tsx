interface WithoutPersonalProps {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

/**
 * "Without personal details", beside an export: checked, the export leaves out the customers' names,
 * addresses, e-mail and telephone; unchecked, it holds them and says so in its first line or footer.
 */
export function WithoutPersonal({ id, checked, onChange }: WithoutPersonalProps) {
  return (
    <label
      className="without-personal"
      htmlFor={id}
      title="Leave out the customers' names, addresses, e-mail and telephone"
    >
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      Without personal details
    </label>
  );
}
