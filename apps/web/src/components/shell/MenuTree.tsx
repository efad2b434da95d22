import { CHILD_MENU_AUTO_OPEN_MS } from '@fieldport/contract';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuNode } from '../../lib/routing/access.ts';
import type { AppRoute } from '../../lib/routing/routes.ts';
import { CountBadge } from './CountBadge.tsx';
import { useMenuGroup } from './menu-groups.ts';
import { RouteIcon } from './RouteIcon.tsx';
import { ShellPart } from './ShellPart.tsx';
import { useShellState } from './shell-context.tsx';

// Child lists start closed: Collapse (with its Transition) loads when one first opens.
const Collapse = lazy(() => import('@mui/material/Collapse'));

/** Whether a menu entry is on the active route: route items by the route chain, fixed links by address. */
function isMenuNodeActive(node: MenuNode, active: AppRoute | null, pathname: string): boolean {
  if (node.id !== node.route.name) return pathname === node.to || pathname.startsWith(`${node.to}/`);
  return !!active && active.chain.includes(node.route);
}

/** The entries a feature added below a route's children (menu-groups.ts), once they have loaded. */
function MenuGroup(props: { route: string; depth: number; onNavigate?: (() => void) | undefined }) {
  const Group = useMenuGroup(props.route);
  return Group ? <Group depth={props.depth} onNavigate={props.onNavigate} /> : null;
}

/**
 * A menu item (001 §2.2): icon, display name, count badge and an expand/collapse toggle for child
 * routes. A child list on the active route opens by itself after CHILD_MENU_AUTO_OPEN_MS.
 */
function MenuTreeItem(props: {
  node: MenuNode;
  active: AppRoute | null;
  depth: number;
  onNavigate?: () => void;
}) {
  const { node, active, depth, onNavigate } = props;
  const { t } = useTranslation(['routes', 'shell']);
  const { pathname } = useLocation();
  const { counts } = useShellState();
  const isActive = isMenuNodeActive(node, active, pathname);
  const hasChildren = node.children.length > 0;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);

  useEffect(() => {
    if (!hasChildren || !isActive) return;
    const timer = setTimeout(() => setOpen(true), CHILD_MENU_AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [hasChildren, isActive]);

  const label = t(`routes:${node.displayKey}`);
  const count = node.count ? counts[node.count] : undefined;
  // Only the deepest matching entry is marked as the current page.
  const isCurrent = isActive && !node.children.some((c) => isMenuNodeActive(c, active, pathname));
  // The li holds the entry and its child list (a list's children are list items only).
  return (
    <li>
      {/* MUI's ListItem with a secondary action, from Box: the same row and action box, without
          ListItem and ListItemSecondaryAction (0.7 KB gzipped) in the first download. */}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          position: 'relative',
          width: '100%',
          boxSizing: 'border-box',
        }}
      >
        <ListItemButton
          component={Link}
          to={node.to}
          onClick={onNavigate}
          selected={isCurrent}
          aria-current={isCurrent ? 'page' : undefined}
          data-testid={`menu-item-${node.id}`}
          sx={{ pl: 2 + depth * 2, pr: hasChildren ? 6 : 2 }}
        >
          {node.icon ? (
            <ListItemIcon sx={{ minWidth: 40 }}>
              <CountBadge count={count} max={999}>
                <RouteIcon name={node.icon} />
              </CountBadge>
            </ListItemIcon>
          ) : null}
          <ListItemText primary={label} slotProps={{ primary: { noWrap: true } }} />
        </ListItemButton>
        {hasChildren ? (
          <Box sx={{ position: 'absolute', right: 16, top: '50%', transform: 'translateY(-50%)' }}>
            <IconButton
              edge="end"
              size="small"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-label={
                open ? t('shell:menu.collapse', { name: label }) : t('shell:menu.expand', { name: label })
              }
            >
              {open ? <ExpandLess /> : <ExpandMore />}
            </IconButton>
          </Box>
        ) : null}
      </Box>
      {hasChildren && opened ? (
        <ShellPart fallback={null}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <List disablePadding>
              {node.children.map((child) => (
                <MenuTreeItem
                  key={child.id}
                  node={child}
                  active={active}
                  depth={depth + 1}
                  onNavigate={onNavigate}
                />
              ))}
              <MenuGroup route={node.id} depth={depth + 1} onNavigate={onNavigate} />
            </List>
          </Collapse>
        </ShellPart>
      ) : null}
    </li>
  );
}

export function MenuTree(props: {
  nodes: MenuNode[];
  active: AppRoute | null;
  onNavigate?: () => void;
  label: string;
  /** The route whose children these are: its feature's entries follow them. */
  group?: string;
}) {
  return (
    <nav aria-label={props.label}>
      <List disablePadding>
        {props.nodes.map((node) => (
          <MenuTreeItem
            key={node.id}
            node={node}
            active={props.active}
            depth={0}
            onNavigate={props.onNavigate}
          />
        ))}
        {props.group ? <MenuGroup route={props.group} depth={0} onNavigate={props.onNavigate} /> : null}
      </List>
    </nav>
  );
}
