// One feature using another's component (persona-editor -> tool-forms/SchemaForm was one).
import { SchemaForm } from '../tool-forms/SchemaForm'; // expect: features
import { ChatPane } from '../../features/chat/ChatPane'; // expect: features
import { Field } from './Field';
import { JsonView } from '../../components/JsonView';
import { useApp } from '../../store/context';

export const uses = [SchemaForm, ChatPane, Field, JsonView, useApp];
