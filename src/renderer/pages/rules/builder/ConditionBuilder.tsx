import { ActionIcon, Autocomplete, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Scalar } from '../../../../shared/ga4/custom-rules';
import { LEAF_OPS, OP_LABELS, SUGGESTED_FIELDS, newCondition, newGroup, type BuilderModel, type BuilderNode, type GroupNode, type LeafNode, type LeafOp } from './condition-model';

const MAX_DEPTH = 7;
const OP_OPTIONS = LEAF_OPS.map((op) => ({ value: op, label: OP_LABELS[op] }));
type ValueType = 'text' | 'number' | 'boolean' | 'null';
const VALUE_TYPES: { value: ValueType; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'boolean', label: 'True/false' },
  { value: 'null', label: 'Empty (null)' },
];

function typeOf(v: Scalar): ValueType {
  if (v === null) return 'null';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'text';
}

function convert(v: Scalar, type: ValueType): Scalar {
  if (type === 'null') return null;
  if (type === 'boolean') return v === true || v === 'true';
  if (type === 'number') return Number.isFinite(Number(v)) ? Number(v) : 0;
  return v === null ? '' : String(v);
}

/** A number from a NumberInput's value, or undefined while the box is empty. */
function numberOrUndefined(v: string | number): number | undefined {
  return typeof v === 'number' ? v : v.trim() === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
}

/** The visual editor of a rule's conditions: "Check only events where…" (when) and "Each checked event must…" (assert). */
export function ConditionBuilder({ model, onChange }: { model: BuilderModel; onChange: (model: BuilderModel) => void }) {
  return (
    <Stack gap="sm" data-testid="condition-builder">
      <Switch
        label="Check only some events (a precondition)"
        checked={model.when !== null}
        onChange={(e) => onChange({ ...model, when: e.currentTarget.checked ? newGroup('all', [newCondition('params.value', 'gt')]) : null })}
      />
      {model.when && <GroupEditor title="Check events where" group={model.when} path="when" depth={0} onChange={(when) => onChange({ ...model, when })} />}
      <GroupEditor title="Each checked event must have" group={model.assert} path="assert" depth={0} onChange={(assert) => onChange({ ...model, assert })} />
    </Stack>
  );
}

interface GroupEditorProps {
  title: string;
  group: GroupNode;
  /** Names the controls for assistive technology, e.g. "assert, group 2". */
  path: string;
  depth: number;
  onChange: (group: GroupNode) => void;
  onRemove?: () => void;
}

function GroupEditor({ title, group, path, depth, onChange, onRemove }: GroupEditorProps) {
  const setChild = (index: number, child: BuilderNode) => onChange({ ...group, children: group.children.map((c, i) => (i === index ? child : c)) });
  const removeChild = (index: number) => onChange({ ...group, children: group.children.filter((_, i) => i !== index) });
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={`${title} (${path})`} style={depth > 0 ? { borderStyle: 'dashed' } : undefined}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {title}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label={`Combine the conditions of ${path}`}
              data={[
                { value: 'all', label: 'all of' },
                { value: 'any', label: 'any of' },
              ]}
              value={group.combinator}
              onChange={(v) => onChange({ ...group, combinator: v === 'any' ? 'any' : 'all' })}
            />
            <Checkbox size="xs" label="must not hold" checked={group.negated} onChange={(e) => onChange({ ...group, negated: e.currentTarget.checked })} />
          </Group>
          {onRemove && (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove group ${path}`}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        {group.children.map((child, index) => {
          const childPath = `${path}, ${child.kind === 'group' ? 'group' : 'condition'} ${index + 1}`;
          const remove = group.children.length > 1 ? () => removeChild(index) : undefined;
          return child.kind === 'group' ? (
            <GroupEditor key={child.key} title="Group" group={child} path={childPath} depth={depth + 1} onChange={(c) => setChild(index, c)} onRemove={remove} />
          ) : (
            <ConditionRow key={child.key} condition={child} path={childPath} onChange={(c) => setChild(index, c)} onRemove={remove} />
          );
        })}
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange({ ...group, children: [...group.children, newCondition()] })}>
            Add condition
          </Button>
          {depth < MAX_DEPTH && (
            <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange({ ...group, children: [...group.children, newGroup('any')] })}>
              Add group
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function ConditionRow({ condition, path, onChange, onRemove }: { condition: LeafNode; path: string; onChange: (c: LeafNode) => void; onRemove?: () => void }) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="builder-condition">
      <Autocomplete
        label="Field"
        aria-label={`Field of ${path}`}
        size="xs"
        data={SUGGESTED_FIELDS as string[]}
        value={condition.field}
        onChange={(field) => onChange({ ...condition, field })}
        style={{ flex: '1 1 12rem', minWidth: 0 }}
      />
      <Select
        label="Operator"
        aria-label={`Operator of ${path}`}
        size="xs"
        data={OP_OPTIONS}
        value={condition.op}
        allowDeselect={false}
        onChange={(op) => op && onChange({ ...condition, op: op as LeafOp })}
        style={{ flex: '1 1 10rem', minWidth: 0 }}
      />
      <ValueInput condition={condition} path={path} onChange={onChange} />
      {onRemove && (
        <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${path}`} mb={2}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

function ValueInput({ condition, path, onChange }: { condition: LeafNode; path: string; onChange: (c: LeafNode) => void }) {
  const grow = { flex: '1 1 10rem', minWidth: 0 };
  switch (condition.op) {
    case 'exists':
    case 'not_exists':
      return null;
    case 'equals':
    case 'not_equals': {
      const type = typeOf(condition.value);
      return (
        <>
          <Select
            label="Type"
            aria-label={`Type of ${path}`}
            size="xs"
            data={VALUE_TYPES}
            value={type}
            allowDeselect={false}
            onChange={(t) => t && onChange({ ...condition, value: convert(condition.value, t as ValueType) })}
            w={130}
          />
          {type === 'boolean' ? (
            <Select
              label="Value"
              aria-label={`Value of ${path}`}
              size="xs"
              data={['true', 'false']}
              value={String(condition.value)}
              allowDeselect={false}
              onChange={(v) => onChange({ ...condition, value: v === 'true' })}
              w={100}
            />
          ) : type === 'number' ? (
            <NumberInput label="Value" aria-label={`Value of ${path}`} size="xs" value={condition.value as number} onChange={(v) => onChange({ ...condition, value: numberOrUndefined(v) ?? 0 })} style={grow} />
          ) : type === 'text' ? (
            <TextInput label="Value" aria-label={`Value of ${path}`} size="xs" value={String(condition.value)} onChange={(e) => onChange({ ...condition, value: e.currentTarget.value })} style={grow} />
          ) : null}
        </>
      );
    }
    case 'in':
    case 'not_in':
      return (
        <TagsInput
          label="Values"
          aria-label={`Values of ${path}`}
          size="xs"
          placeholder="Type a value, press Enter"
          // Values keep their JSON type until edited; typed ones are text.
          value={condition.values.map((v) => String(v))}
          onChange={(texts) => onChange({ ...condition, values: texts.map((t) => condition.values.find((v) => String(v) === t) ?? t) })}
          style={grow}
        />
      );
    case 'matches':
      return (
        <>
          <TextInput label="Pattern" aria-label={`Pattern of ${path}`} size="xs" value={condition.pattern} onChange={(e) => onChange({ ...condition, pattern: e.currentTarget.value })} style={grow} styles={{ input: { fontFamily: 'monospace' } }} />
          <Checkbox
            size="xs"
            label="Ignore case"
            checked={condition.flags === 'i'}
            onChange={(e) => onChange({ ...condition, flags: e.currentTarget.checked ? 'i' : condition.flags === undefined ? undefined : '' })}
            mb={6}
          />
        </>
      );
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return <NumberInput label="Number" aria-label={`Number of ${path}`} size="xs" value={condition.number} onChange={(v) => onChange({ ...condition, number: numberOrUndefined(v) ?? 0 })} style={grow} />;
    case 'length_between':
      return (
        <>
          <NumberInput label="Min" aria-label={`Min length of ${path}`} size="xs" min={0} value={condition.min ?? ''} onChange={(v) => onChange({ ...condition, min: numberOrUndefined(v) })} w={90} />
          <NumberInput label="Max" aria-label={`Max length of ${path}`} size="xs" min={0} value={condition.max ?? ''} onChange={(v) => onChange({ ...condition, max: numberOrUndefined(v) })} w={90} />
        </>
      );
  }
}
