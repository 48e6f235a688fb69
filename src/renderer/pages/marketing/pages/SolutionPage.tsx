import { Button, Group, List, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageHero, PageSection } from '../components/PageSection';
import type { SolutionPageContent } from '../data/solution-pages';

export function SolutionPage({ content }: { content: SolutionPageContent }) {
  return (
    <>
      <PageHero
        eyebrow={`Tracklint for ${content.name}`}
        documentTitle={`${content.name} solution`}
        title={content.title}
        lead={content.intro}
        actions={
          <Group>
            <Button component={Link} to="/signup">
              Start free
            </Button>
            <Button component={Link} to="/pricing" variant="default">
              See pricing
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} maw={1100} mx="auto">
        <PageSection title="What goes wrong">
          <List spacing="xs">
            {content.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </PageSection>
        <PageSection title="How Tracklint helps">
          <List spacing="xs">
            {content.howTracklintHelps.map((help) => (
              <List.Item key={help}>{help}</List.Item>
            ))}
          </List>
        </PageSection>
      </SimpleGrid>
    </>
  );
}
